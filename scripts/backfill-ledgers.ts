import { backfillLedger, projectSlugs } from '../lib/live-events/backfill';
import { closeRedis, getRedis, waitUntilReady } from '../lib/redis/client';

/**
 * `npm run backfill-ledgers`: every project of REDIS_URL or REDIS_CLUSTER_NODES brought to the
 * ledger's shape (lib/live-events/backfill.ts), one project at a time. Idempotent: run it again
 * after an interruption.
 */
async function main() {
  const redis = getRedis();
  await waitUntilReady(redis);
  const slugs = await projectSlugs(redis);
  let changed = 0;
  for (const slug of slugs) {
    const done = await backfillLedger(slug, redis);
    if (done.moved === 0 && done.opening === null) continue;
    changed += 1;
    console.log(
      `${slug}: ${done.moved} backers moved into the ledger (${done.recounted} counted twice, taken back)${done.opening === null ? '' : `, opening ${done.opening}`}`,
    );
  }
  console.log(`${slugs.length} projects, ${changed} backfilled.`);
  await closeRedis();
}

main().catch((error: Error) => {
  console.error(`backfill-ledgers failed: ${error.message}`);
  process.exit(1);
});
