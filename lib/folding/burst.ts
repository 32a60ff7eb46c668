import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { log } from '../log';
import type { Folder } from './folder';
import type { MetricEvent } from './metric-events';
import type { burstSchema } from './schemas';

/** The metric names a burst (and the folding bench) draws from. */
export const BURST_METRICS = ['likes', 'shares', 'comments', 'impressions', 'saves', 'clicks'];
const TICK_MS = 100;

export type Burst = z.infer<typeof burstSchema>;

// On globalThis: bursts start in Next's module graph, the shutdown in server.ts' one.
const globalForBursts = globalThis as typeof globalThis & { __crowdpulseBursts?: Set<AbortController> };
const running = () => (globalForBursts.__crowdpulseBursts ??= new Set());

/** Ends every burst still sending (at shutdown): none outlives the Redis client it writes with. */
export function stopBursts(): void {
  for (const burst of running()) burst.abort();
  running().clear();
}

/**
 * A burst of `events` metric events over `durationMs` across a few fresh accounts, for the ops
 * page: the folding ratio climbs while it lasts and one fold per account arrives a window later.
 * Runs in the background; the accounts are returned at once so a caller can look for its folds.
 */
export function fireBurst(folder: Folder<MetricEvent>, { events = 200, durationMs = 2_000, accountCount = 4 } = {}): Burst {
  const run = randomBytes(3).toString('hex');
  const accounts = Array.from({ length: accountCount }, (_, i) => `burst_${run}_${i + 1}`);
  const ticks = Math.max(1, Math.round(durationMs / TICK_MS));
  let sent = 0;
  const tick = async (t: number) => {
    const batch = Math.round(((t + 1) * events) / ticks) - sent;
    const folds = Array.from({ length: batch }, (_, i) => {
      const n = sent + i;
      const event: MetricEvent = {
        id: `post_${run}_${n}`,
        account_id: accounts[n % accounts.length]!,
        metrics: { [BURST_METRICS[(n + Math.floor(n / accounts.length)) % BURST_METRICS.length]!]: n },
      };
      return folder.fold(event, Date.now());
    });
    sent += batch;
    await Promise.all(folds);
  };
  const stop = new AbortController();
  running().add(stop);
  void (async () => {
    for (let t = 0; t < ticks && !stop.signal.aborted; t++) {
      const started = Date.now();
      await tick(t);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, TICK_MS - (Date.now() - started))));
    }
  })()
    .catch((error: Error) => log.warn({ err: error.message }, 'burst stopped early'))
    .finally(() => running().delete(stop));
  return { accounts, events, durationMs };
}
