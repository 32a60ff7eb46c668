import type { RedisClient } from '../redis/client';
import { configuredFeed, feedHookArg, type FeedConfig } from './config';
import { feedHookKeys } from './keys';
import { noteFeedWork, type FeedWork } from './work';

/*
 * The home feed's side of a live-event write, and all the live events know of the home feed:
 * a writing script includes lib/feed/lua/includes/home-feed.lua, takes these keys at the END of its
 * KEYS and this argument LAST, and answers the work its hook queued (one round trip; the feed
 * sits below the live events, which call it, never the reverse).
 */
export { FEED_HOOK_KEY_COUNT } from './keys';
export type { FeedConfig, FeedWork };

type HookContext = { redis: RedisClient; now: () => number; feed?: FeedConfig };

/** What a live-event script appends for its home-feed hook (home-feed.lua): keys, then the last argument. */
export function feedHook(slug: string, ctx: HookContext): { keys: string[]; arg: string } {
  return { keys: feedHookKeys(slug), arg: feedHookArg(ctx.feed ?? configuredFeed(), slug) };
}

/** After the script: tells the fan-out workers, when it queued something. */
export async function afterFeedHook(slug: string, ctx: HookContext, work: FeedWork | undefined): Promise<void> {
  await noteFeedWork({ redis: ctx.redis, now: ctx.now, config: ctx.feed ?? configuredFeed() }, slug, work);
}
