import { projectKeys } from '../projects/keys';
import { isCluster, type RedisClient } from '../redis/client';
import { backfillLedgerBatch, setOpening } from './scripts';
import { sumLedger } from './ledger';

/** Members a script moves at a time: each call stays short, however many backers a project had. */
const BATCH = 500;

export type Backfilled = { slug: string; moved: number; recounted: number; opening: number | null };

/** Every project's slug, by SCAN of its info key on each master: a one-shot job's walk, not a request's. */
export async function projectSlugs(redis: RedisClient): Promise<string[]> {
  const slugs: string[] = [];
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', projectKeys.infoPattern, 'COUNT', 1_000);
      for (const key of keys) slugs.push(projectKeys.slugOfInfo(key));
      cursor = next;
    } while (cursor !== '0');
  }
  return slugs.sort();
}

async function moveBackers(slug: string, redis: RedisClient, now: number, shape: 'set' | 'hash') {
  const old = shape === 'set' ? projectKeys.legacyBackers(slug) : projectKeys.legacyBackerPledges(slug);
  const totals = { moved: 0, recounted: 0 };
  if ((await redis.type(old)) !== shape) return totals;
  let cursor = '0';
  do {
    const [next, flat] =
      shape === 'set' ? await redis.sscan(old, cursor, 'COUNT', BATCH) : await redis.hscan(old, cursor, 'COUNT', BATCH);
    const backers = shape === 'set' ? flat : flat.filter((_, i) => i % 2 === 0);
    if (backers.length > 0) {
      const { moved, recounted } = await backfillLedgerBatch.run(
        redis,
        { info: projectKeys.info(slug), ledger: projectKeys.ledger(slug), old },
        { now, shape, backers },
      );
      totals.moved += moved;
      totals.recounted += recounted;
    }
    cursor = next;
  } while (cursor !== '0');
  return totals;
}

/**
 * Brings a project made before the ledger, or before its backers' index moved into it, to
 * today's shape (`npm run backfill-ledgers`): its old backers into the index, and an opening
 * total (raised less what the ledger holds) when it has none. Idempotent; safe beside live pledges.
 */
export async function backfillLedger(slug: string, redis: RedisClient, now = Date.now()): Promise<Backfilled> {
  const fromSet = await moveBackers(slug, redis, now, 'set');
  const fromHash = await moveBackers(slug, redis, now, 'hash');
  let opening: number | null = null;
  for (let attempt = 0; attempt < 5 && (await redis.hexists(projectKeys.info(slug), 'opening')) === 0; attempt++) {
    const version = (await redis.hget(projectKeys.info(slug), 'version')) ?? '';
    const { sum } = await sumLedger(redis, slug);
    opening = await setOpening.run(redis, { info: projectKeys.info(slug) }, { version, sum });
  }
  return { slug, moved: fromSet.moved + fromHash.moved, recounted: fromSet.recounted + fromHash.recounted, opening };
}
