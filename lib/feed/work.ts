import { log } from '../log';
import { claimFeedWork, releaseFeedWork } from './scripts';
import type { FeedContext } from './context';
import { feedWorkKeysTagged } from './keys';
import { drainProject, type DrainOptions } from './fanout';
import { leaveSweep, sweepOnce, SWEEP_INTERVAL_MS } from './sweep';

/** What an enqueuing script answered (home-feed.lua): 0 nothing, 1 queued, 2 the project is big. */
export type FeedWork = 0 | 1 | 2;

/**
 * Tells the workers of every instance that a project's queue has work (or that it is big and
 * merged at read time). A script writes only its own slot, so its caller does this, for
 * projects with followers only. Never fails the write it follows: a lost mark is found by the
 * sweep (sweep.ts) within a pass, or sooner by the project's next event.
 */
export async function noteFeedWork(ctx: FeedContext, slug: string, work: FeedWork | undefined): Promise<void> {
  if (!work) return;
  try {
    const { work: list, big } = feedWorkKeysTagged(ctx.config.workTag);
    if (work === 1) await ctx.redis.zadd(list, 'LT', ctx.now(), slug);
    else await ctx.redis.sadd(big, slug);
  } catch (error) {
    log.warn({ err: (error as Error).message, slug }, 'feed work not marked; the sweep or the next event marks it');
  }
}

export type WorkerOptions = Omit<DrainOptions, 'minIdleMs'> & {
  intervalMs?: number;
  leaseMs?: number;
  projectsPerClaim?: number;
  sweepIntervalMs?: number;
};

/** Claims due projects (a lease each) and drains their queues; answers the feeds pushed. */
export async function workOnce(ctx: FeedContext, options: WorkerOptions): Promise<number> {
  const leaseMs = options.leaseMs ?? 30_000;
  const { work } = feedWorkKeysTagged(ctx.config.workTag);
  const leased = await claimFeedWork.run(
    ctx.redis,
    { work },
    { now: ctx.now(), lease: leaseMs, count: options.projectsPerClaim ?? 8 },
  );
  let pushed = 0;
  for (let i = 0; i + 1 < leased.length; i += 2) {
    const slug = leased[i]!;
    pushed += await drainProject(ctx, slug, { ...options, minIdleMs: leaseMs });
    await releaseFeedWork.run(ctx.redis, { work }, { slug, leaseEnd: leased[i + 1]! });
  }
  return pushed;
}

/** Runs `step` every `intervalMs` after the previous run ended, until stopped (then waits for it). */
function every(intervalMs: number, step: () => Promise<unknown>, failed: string): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = step()
      .catch((error: Error) => log.warn({ err: error.message }, failed))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The fan-out workers of one instance: every instance runs them, leases keep them apart. With
 * them, the sweep (sweep.ts), which one instance at a time holds: it finds the queues whose
 * mark was lost and gives them to the workers.
 */
export function startFanoutWorkers(ctx: FeedContext, options: WorkerOptions): { stop(): Promise<void> } {
  const workers = every(options.intervalMs ?? 250, () => workOnce(ctx, options), 'feed fan-out failed; retrying');
  const sweep = every(
    options.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    () => sweepOnce(ctx, { holder: options.consumer }),
    'feed sweep failed; retrying',
  );
  return {
    async stop() {
      await Promise.all([workers.stop(), sweep.stop()]);
      await leaveSweep(ctx, options.consumer).catch(() => undefined);
    },
  };
}
