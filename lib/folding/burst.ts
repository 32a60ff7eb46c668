import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { log } from '../log';
import { releaseBurstLease } from './scripts';
import type { Folder } from './folder';
import type { MetricEvent } from './metric-events';
import type { burstSchema } from './schemas';

/** The metric names a burst (and the folding bench) draws from. */
export const BURST_METRICS = ['likes', 'shares', 'comments', 'impressions', 'saves', 'clicks'];
const TICK_MS = 100;

/**
 * String: the token of the burst running now, anywhere on the site (every instance asks the same
 * Redis). SET NX PX takes it; it outlives the burst by LEASE_SLACK_MS, and the burst releases it
 * as it ends (release-burst-lease.lua), so at most one burst writes at a time however many
 * addresses ask.
 */
export const BURST_LEASE_KEY = 'folding:burst-lease';
const LEASE_SLACK_MS = 2_000;

/** A burst asked for while another runs: it may be asked again in `retryAfterMs`. */
export class BurstRunningError extends Error {
  override readonly name = 'BurstRunningError';
  constructor(readonly retryAfterMs: number) {
    super('a burst is running already: one at a time, across the site');
  }
}

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
 * One at a time across the site: it takes the burst lease first (one SET NX PX), and a burst
 * asked for while another runs is a BurstRunningError that writes nothing. Runs in the
 * background; the accounts are returned at once so a caller can look for its folds.
 */
export async function fireBurst(
  folder: Folder<MetricEvent>,
  { events = 200, durationMs = 2_000, accountCount = 4 } = {},
): Promise<Burst> {
  const run = randomBytes(3).toString('hex');
  const token = `${run}:${randomBytes(6).toString('hex')}`;
  const { redis } = folder;
  if ((await redis.set(BURST_LEASE_KEY, token, 'PX', durationMs + LEASE_SLACK_MS, 'NX')) !== 'OK') {
    throw new BurstRunningError(Math.max(1, await redis.pttl(BURST_LEASE_KEY)));
  }
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
    .finally(() => {
      running().delete(stop);
      // Left to expire when Redis cannot be reached: it outlives the burst by LEASE_SLACK_MS only.
      releaseBurstLease.run(redis, { lease: BURST_LEASE_KEY }, { token }).catch(() => undefined);
    });
  return { accounts, events, durationMs };
}
