import { ConflictError, NotFoundError } from '../errors';
import { followProjectSide, followVisitorSide, rebuildFeed, settleFollow } from './scripts';
import type { FeedContext } from './context';
import { feedWorkKeysTagged, projectFeedKeys, visitorFeedKeys } from './keys';

type Step = 'follow' | 'unfollow';

/**
 * A follow touches two slots, so it takes three steps: the visitor's side (the truth, marked
 * pending), the project's side (idempotent), then the mark dropped. A crash between them leaves
 * the mark, which every later read of the visitor's follows replays (settlePending).
 */
async function applyStep(ctx: FeedContext, visitor: string, slug: string, step: Step): Promise<boolean> {
  const { maxFollows, followsTtlMs } = ctx.config;
  const changed = await followVisitorSide.run(ctx.redis, visitorFeedKeys(visitor), {
    slug,
    step,
    now: ctx.now(),
    maxFollows,
    ttl: followsTtlMs,
  });
  if (changed === 'too_many')
    throw new ConflictError(`following ${maxFollows} projects already, the most one visitor may: unfollow one first`, {
      maxFollows,
    });
  await projectSide(ctx, visitor, slug, step);
  return changed === 'changed';
}

async function projectSide(ctx: FeedContext, visitor: string, slug: string, step: Step): Promise<void> {
  const followers = await followProjectSide.run(ctx.redis, projectFeedKeys(slug), { visitor, step });
  // A project that was deleted has no side to confirm: the mark goes, the follow stays harmless.
  // A project stays in `big` when it drops back: its entries made while big were never pushed.
  if (followers > ctx.config.fanoutMaxFollowers) await ctx.redis.sadd(feedWorkKeysTagged(ctx.config.workTag).big, slug);
  await settleFollow.run(ctx.redis, visitorFeedKeys(visitor), { slug, step });
}

/** Replays the project side of every follow still marked pending (after a crash mid-follow). */
export async function settlePending(ctx: FeedContext, visitor: string, pending: string[]): Promise<void> {
  const steps: Promise<void>[] = [];
  for (let i = 0; i + 1 < pending.length; i += 2)
    steps.push(projectSide(ctx, visitor, pending[i]!, pending[i + 1] as Step));
  await Promise.all(steps);
}

/** Follows a project; answers whether this was new (false: already following). */
export async function follow(ctx: FeedContext, visitor: string, slug: string): Promise<{ created: boolean }> {
  if ((await ctx.redis.exists(projectFeedKeys(slug).info)) === 0) throw new NotFoundError('project');
  const created = await applyStep(ctx, visitor, slug, 'follow');
  if (created) await backfill(ctx, visitor, slug);
  return { created };
}

/** A new follow brings the project's recent entries into the feed at once (Mastodon does the same). */
async function backfill(ctx: FeedContext, visitor: string, slug: string): Promise<void> {
  const refs = await ctx.redis.lrange(projectFeedKeys(slug).entries, 0, ctx.config.cap - 1);
  if (refs.length > 0)
    await rebuildFeed.run(ctx.redis, visitorFeedKeys(visitor), { cap: ctx.config.cap, idle: ctx.config.idleMs, refs });
}

/** Stops following; following nothing is not an error (DELETE is idempotent). */
export async function unfollow(ctx: FeedContext, visitor: string, slug: string): Promise<{ removed: boolean }> {
  return { removed: await applyStep(ctx, visitor, slug, 'unfollow') };
}

/** The slugs a visitor follows, most recent first; settles pending follows on the way. */
export async function listFollows(ctx: FeedContext, visitor: string): Promise<{ slug: string; since: number }[]> {
  const mine = visitorFeedKeys(visitor);
  const [follows, pending] = await Promise.all([
    ctx.redis.zrange(mine.follows, '0', '-1', 'WITHSCORES'),
    ctx.redis.hgetall(mine.pending),
  ]);
  await settlePending(ctx, visitor, Object.entries(pending).flat());
  // RESP3 answers [[member, score], ...], RESP2 a flat list: flat() reads both.
  const flat = (follows as unknown as (string | number | (string | number)[])[]).flat();
  const list: { slug: string; since: number }[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) list.push({ slug: String(flat[i]), since: Number(flat[i + 1]) });
  return list.reverse();
}

/** How many follow a project. */
export async function followerCount(ctx: FeedContext, slug: string): Promise<number> {
  return ctx.redis.zcard(projectFeedKeys(slug).followers);
}
