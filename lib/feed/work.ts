import { log } from '../log';
import { withFeedScripts } from './commands';
import type { FeedContext } from './context';
import { feedWorkKeys } from './keys';
import { drainProject, type DrainOptions } from './fanout';

/** What an enqueuing script answered (enqueue.lua): 0 nothing, 1 queued, 2 the project is big. */
export type FeedWork = 0 | 1 | 2;

/**
 * Tells the workers of every instance that a project's queue has work (or that it is big and
 * merged at read time). A script writes only its own slot, so its caller does this, for
 * projects with followers only. Never fails the write it follows: the message waits in the
 * stream and goes out with the project's next event.
 */
export async function noteFeedWork(ctx: FeedContext, slug: string, work: FeedWork | undefined): Promise<void> {
  if (!work) return;
  try {
    if (work === 1) await ctx.redis.zadd(feedWorkKeys.work, 'LT', ctx.now(), slug);
    else await ctx.redis.sadd(feedWorkKeys.big, slug);
  } catch (error) {
    log.warn({ err: (error as Error).message, slug }, 'feed work not marked; it goes out with the next event');
  }
}

export type WorkerOptions = Omit<DrainOptions, 'minIdleMs'> & { intervalMs?: number; leaseMs?: number; projectsPerClaim?: number };

/** Claims due projects (a lease each) and drains their queues; answers the feeds pushed. */
export async function workOnce(ctx: FeedContext, options: WorkerOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? 30_000;
  const scripts = withFeedScripts(ctx.redis);
  const leased = await scripts.claimFeedWork(feedWorkKeys.work, ctx.now(), leaseMs, options.projectsPerClaim ?? 8);
  let pushed = 0;
  for (let i = 0; i + 1 < leased.length; i += 2) {
    const slug = leased[i]!;
    pushed += await drainProject(ctx, slug, { ...options, minIdleMs: leaseMs });
    await scripts.releaseFeedWork(feedWorkKeys.work, slug, leased[i + 1]!);
  }
  return pushed;
}

/** The fan-out workers of one instance: every instance runs them, leases keep them apart. */
export function startFanoutWorkers(ctx: FeedContext, options: WorkerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = workOnce(ctx, options)
      .catch((error: Error) => log.warn({ err: error.message }, 'feed fan-out failed; retrying'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 250);
      });
  };
  timer = setTimeout(tick, options.intervalMs ?? 250);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
