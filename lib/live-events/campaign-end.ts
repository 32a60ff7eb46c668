import { afterFeedHook, feedHook } from '../feed/hook';
import { catalogueKeys, projectKeys } from '../projects/keys';
import type { LiveEventsContext } from './context';
import { announceEnd, unscheduleEnd } from './scripts';

/** Ends looked at per tick: more wait for the next tick, a second later. */
export const ENDS_PER_TICK = 100;
export const END_WATCH_INTERVAL_MS = 1_000;

/**
 * Announces the campaigns whose end has come: `{catalogue}:ends` names them (save-card.lua and
 * unlist-card.lua keep it), announce-end.lua writes each one's home-feed entry once in the
 * project's slot, then the end leaves the schedule (only if it was not moved meanwhile). Every
 * instance may run this at once: the script, not a lease, makes the entry exactly once, and a
 * crash between the two steps is repaired by the next tick. Returns the slugs announced now.
 */
export async function announceEnds(ctx: LiveEventsContext): Promise<string[]> {
  const due = await ctx.redis.zrangebyscore(
    catalogueKeys.ends,
    '-inf',
    ctx.now(),
    'WITHSCORES',
    'LIMIT',
    0,
    ENDS_PER_TICK,
  );
  const announced: string[] = [];
  for (let i = 0; i < due.length; i += 2) {
    const slug = due[i]!;
    const feed = feedHook(slug, ctx);
    const { status, feedWork } = await announceEnd.run(
      ctx.redis,
      { info: projectKeys.info(slug), feed: feed.keys },
      { feedSettings: feed.arg },
    );
    if (status === 'not_due') continue;
    await afterFeedHook(slug, ctx, feedWork);
    if (status === 'announced') announced.push(slug);
    await unscheduleEnd.run(ctx.redis, catalogueKeys, { slug, endsAt: due[i + 1]! });
  }
  return announced;
}

/** Runs announceEnds every second on this instance until stopped. */
export function watchEnds(ctx: LiveEventsContext, onError: (error: Error) => void): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    announceEnds(ctx)
      .catch(onError)
      .finally(() => (running = false));
  }, END_WATCH_INTERVAL_MS);
  return { stop: () => clearInterval(timer) };
}
