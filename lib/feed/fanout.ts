import { ackFeedEntry, pushFeeds } from './scripts';
import type { FeedContext } from './context';
import { FANOUT_GROUP, projectFeedKeys, visitorFeedKeys } from './keys';
import { slotGroups } from './slots';

export type DrainOptions = {
  /** This worker's name in the consumer group (one per instance). */
  consumer: string;
  /** Followers read per batch. */
  batch?: number;
  /** A message pending this long with another consumer is taken over (its worker is presumed dead). */
  minIdleMs?: number;
  /** Called after each batch is pushed, before its progress is saved (tests crash a worker here). */
  afterBatch?: (pushed: number) => void | Promise<void>;
};

type StreamEntry = [id: string, fields: string[]];

const groupsMade = new WeakMap<object, Set<string>>();

/** The consumer group, created once per client and queue (from the start: acknowledged messages are deleted). */
async function ensureGroup(ctx: FeedContext, queue: string): Promise<void> {
  const made = groupsMade.get(ctx.redis) ?? new Set<string>();
  groupsMade.set(ctx.redis, made);
  if (made.has(queue)) return;
  await ctx.redis.xgroup('CREATE', queue, FANOUT_GROUP, '0', 'MKSTREAM').catch((error: Error) => {
    if (!error.message.includes('BUSYGROUP')) throw error;
  });
  made.add(queue);
}

/** Pushes `ref` to these visitors' feeds: one push-feeds.lua per slot group, all sent at once. */
export async function pushToFeeds(ctx: FeedContext, visitors: string[], ref: string): Promise<number> {
  const pairs = visitors.map((visitor) => {
    const keys = visitorFeedKeys(visitor);
    return [keys.entries, keys.active];
  });
  const { cap, slack } = ctx.config;
  const counts = await Promise.all(
    slotGroups(ctx.redis, pairs).map((group) => pushFeeds.run(ctx.redis, { feeds: group.flat() }, { ref, cap, slack })),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Fans one message out to every follower, from its saved progress on, then acknowledges it. */
async function fanOut(
  ctx: FeedContext,
  slug: string,
  [id, fields]: StreamEntry,
  options: DrainOptions,
): Promise<number> {
  const keys = projectFeedKeys(slug);
  const ref = fields[fields.indexOf('ref') + 1]!;
  const batch = options.batch ?? 500;
  let after = await ctx.redis.hget(keys.progress, id);
  let pushed = 0;
  for (;;) {
    const followers = await ctx.redis.zrangebylex(
      keys.followers,
      after === null ? '-' : `(${after}`,
      '+',
      'LIMIT',
      0,
      batch,
    );
    if (followers.length === 0) break;
    pushed += await pushToFeeds(ctx, followers, ref);
    await options.afterBatch?.(pushed);
    after = followers.at(-1)!;
    await ctx.redis.hset(keys.progress, id, after);
  }
  await ackFeedEntry.run(ctx.redis, keys, { group: FANOUT_GROUP, id });
  return pushed;
}

function entriesOf(reply: unknown): StreamEntry[] {
  // XREADGROUP: [[stream, entries]] (RESP2) or {stream: entries} (RESP3); XAUTOCLAIM: [next, entries, deleted].
  if (!reply) return [];
  if (Array.isArray(reply)) return (reply[0] as [string, StreamEntry[]])[1];
  return Object.values(reply as Record<string, StreamEntry[]>)[0] ?? [];
}

/**
 * Works a project's queue until it is empty: first the messages a dead worker left pending
 * (XAUTOCLAIM), then new ones (XREADGROUP). Answers the feeds pushed.
 */
export async function drainProject(ctx: FeedContext, slug: string, options: DrainOptions): Promise<number> {
  const { queue } = projectFeedKeys(slug);
  await ensureGroup(ctx, queue);
  let pushed = 0;
  for (;;) {
    const [, claimed] = (await ctx.redis.xautoclaim(
      queue,
      FANOUT_GROUP,
      options.consumer,
      options.minIdleMs ?? 30_000,
      '0-0',
      'COUNT',
      10,
    )) as [string, StreamEntry[]];
    // A message deleted while pending comes back as [id, null]: nothing to do.
    const taken = claimed.filter(([, fields]) => fields);
    const messages =
      taken.length > 0
        ? taken
        : entriesOf(
            await ctx.redis.xreadgroup('GROUP', FANOUT_GROUP, options.consumer, 'COUNT', 10, 'STREAMS', queue, '>'),
          );
    if (messages.length === 0) return pushed;
    for (const message of messages) pushed += await fanOut(ctx, slug, message, options);
  }
}
