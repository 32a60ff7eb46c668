import { mergedFeedRefs, openFeed, rebuildFeed } from './scripts';
import type { FeedContext } from './context';
import { entryFromHash, refParts, type FeedEntry } from './entries';
import { settlePending } from './follows';
import { feedWorkKeysTagged, projectFeedKeys, visitorFeedKeys } from './keys';

export type FeedPage = { entries: FeedEntry[]; nextCursor: string | null; lastLooked: number };

export type ReadOptions = {
  limit: number;
  before?: string;
  look?: boolean;
  /**
   * Also merge the newest references of every pushed project followed: a page opening catches
   * up on entries still on their way through the fan-out (one LRANGE per project, so only when
   * a page opens, not on every read).
   */
  catchUp?: boolean;
};

/** References per followed project a catching-up read merges. */
const CATCH_UP = 10;

async function projectRefs(ctx: FeedContext, slugs: string[], last: number): Promise<string[]> {
  return (await Promise.all(slugs.map((slug) => ctx.redis.lrange(projectFeedKeys(slug).entries, 0, last)))).flat();
}

/** Hydrates references in order until `limit` entries: an entry whose hash is gone is skipped. */
async function hydrate(
  ctx: FeedContext,
  refs: string[],
  limit: number,
): Promise<{ entries: FeedEntry[]; used: number }> {
  const entries: FeedEntry[] = [];
  let used = 0;
  while (entries.length < limit && used < refs.length) {
    const chunk = refs.slice(used, used + limit - entries.length);
    const hashes = await Promise.all(
      chunk.map((ref) => ctx.redis.hgetall(projectFeedKeys(refParts(ref).slug).entryPrefix + refParts(ref).id)),
    );
    chunk.forEach((ref, i) => {
      const entry = entryFromHash(ref, hashes[i]!);
      if (entry) entries.push(entry);
    });
    used += chunk.length;
  }
  return { entries, used };
}

/** The references of these projects that were never pushed (made while big): merged at read. */
async function mergedRefs(ctx: FeedContext, slugs: string[]): Promise<string[]> {
  return (await Promise.all(slugs.map((slug) => mergedFeedRefs.run(ctx.redis, projectFeedKeys(slug), {})))).flat();
}

/**
 * A page of a visitor's feed, newest first, below `before` (a reference): what was pushed to
 * their feed merged with the references never pushed of the projects they follow that are (or
 * were) big, in one order. An idle (expired) feed is rebuilt from the followed projects' lists
 * before the page is answered.
 */
export async function readFeed(
  ctx: FeedContext,
  visitor: string,
  { limit, before, look = false, catchUp = false }: ReadOptions,
): Promise<FeedPage> {
  const mine = visitorFeedKeys(visitor);
  const { cap, idleMs } = ctx.config;
  const [{ wasActive, lastLooked, follows, pending }, big] = await Promise.all([
    openFeed.run(ctx.redis, mine, { now: ctx.now(), idle: idleMs, look: look ? 1 : 0, ttl: ctx.config.followsTtlMs }),
    ctx.redis.smembers(feedWorkKeysTagged(ctx.config.workTag).big),
  ]);
  await settlePending(ctx, visitor, pending);
  if (!wasActive) {
    await rebuildFeed.run(ctx.redis, mine, { cap, idle: idleMs, refs: await projectRefs(ctx, follows, cap - 1) });
  }
  const followed = new Set(follows);
  const [own, others, inFlight] = await Promise.all([
    ctx.redis.lrange(mine.entries, 0, -1),
    mergedRefs(
      ctx,
      follows.filter((slug) => big.includes(slug)),
    ),
    catchUp && before === undefined ? projectRefs(ctx, follows, CATCH_UP - 1) : [],
  ]);
  const refs = [...new Set([...own, ...others, ...inFlight])]
    .filter((ref) => followed.has(refParts(ref).slug) && (before === undefined || ref < before))
    .sort()
    .reverse();
  const { entries, used } = await hydrate(ctx, refs, limit);
  const more = used < refs.length && entries.length > 0;
  return { entries, nextCursor: more ? entries.at(-1)!.cursor : null, lastLooked };
}
