import { randomBytes } from 'node:crypto';
import { log } from '../log';
import type { Folder } from './folder';
import type { Fold } from './types';

export type PollerOptions = {
  /** The consumer: runs before the ack; a fold whose handler throws is not acked, so it comes back after the lease. */
  handle: (fold: Fold) => Promise<void>;
  now?: () => number;
  /** Added to every sleep (0..jitterMs), so pollers on several instances do not wake in step. */
  jitterMs?: number;
  /** Longest sleep; a group can only fall due a full window after its first event, so a window is enough. */
  maxSleepMs?: number;
  random?: () => number;
  /** Told of each fold this poller published, with how long after falling due (the poller's lag). */
  onPublished?: (fold: Fold, lagMs: number) => void;
  /**
   * How long a shard stays this poller's after its last claim. A holder claims at least every
   * maxSleepMs (plus jitter), so the default, twice that and a second, is renewed in time; a
   * stopped or dead instance's shards pass to another poller within it.
   */
  shardLeaseMs?: number;
};

export type Poller = { stop(): Promise<void> };

const RETRY_MS = 1_000;

/**
 * Claims due folds, hands each to `handle`, acks it (which publishes it), and sleeps until the
 * next group or lease falls due, which claim-due.lua answers in the same round trip: no spinning
 * and no fixed tick. Each shard has its own loop, and one poller at a time polls a shard: the
 * claim takes or renews the shard's lease, and a poller without it sleeps until the lease runs
 * out (one claim per lease, which answers at once). Several pollers may run (one per app
 * instance): claiming is atomic anyway, so each fold goes to one of them, and to another only if
 * its lease runs out unacknowledged.
 */
export function startFoldPoller<Event>(folder: Folder<Event>, options: PollerOptions): Poller {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const jitterMs = options.jitterMs ?? Math.min(50, Math.ceil(folder.config.windowMs / 20));
  const maxSleepMs = options.maxSleepMs ?? folder.config.windowMs;
  const lease = {
    poller: randomBytes(8).toString('hex'),
    ttlMs: options.shardLeaseMs ?? 2 * (maxSleepMs + jitterMs) + 1_000,
  };
  let stopped = false;
  const timers = new Set<{ timer?: NodeJS.Timeout; wake?: () => void }>();
  let lastErrorLog = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry: { timer?: NodeJS.Timeout; wake?: () => void } = {};
      entry.wake = () => {
        clearTimeout(entry.timer);
        timers.delete(entry);
        resolve();
      };
      entry.timer = setTimeout(entry.wake, ms);
      timers.add(entry);
    });

  const deliver = async (fold: Fold) => {
    try {
      await options.handle(fold);
      const publishedAt = now();
      if (await folder.ack(fold.key, publishedAt)) options.onPublished?.(fold, publishedAt - fold.dueAt);
    } catch (error) {
      log.warn(
        { err: (error as Error).message, fold: fold.key },
        'fold not acknowledged; it is delivered again after its lease',
      );
    }
  };

  const pollOnce = async (shard: number): Promise<number> => {
    const claim = await folder.claimDueOn(shard, now(), lease);
    if (!claim.held) return claim.retryInMs + random() * jitterMs;
    await Promise.all(claim.folds.map(deliver));
    // A full batch means more may be due already.
    if (claim.folds.length >= folder.config.batch) return 0;
    const untilDue = claim.nextDueAt === null ? maxSleepMs : Math.max(0, claim.nextDueAt - now());
    return Math.min(untilDue, maxSleepMs) + random() * jitterMs;
  };

  const loop = async (shard: number) => {
    while (!stopped) {
      let delay: number;
      try {
        delay = await pollOnce(shard);
      } catch (error) {
        if (Date.now() - lastErrorLog > 5_000) {
          lastErrorLog = Date.now();
          log.warn({ err: (error as Error).message }, 'fold poller could not claim; retrying');
        }
        delay = RETRY_MS + random() * jitterMs;
      }
      if (!stopped && delay > 0) await sleep(delay);
    }
  };
  const loops = Promise.all(folder.shards.map((_, shard) => loop(shard)));

  return {
    async stop() {
      stopped = true;
      for (const entry of [...timers]) entry.wake?.();
      await loops;
    },
  };
}
