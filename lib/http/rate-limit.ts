import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { appMetrics } from '../metrics/app-metrics';
import { writesPerMinute } from '../rate-limit-setting';
import { getRedis } from '../redis/client';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

/** One ops-page burst (200 writes in the background) per address per this many seconds. */
export const BURST_COOLDOWN_SECONDS = 10;

type Limit = { keyPrefix: string; points: number; duration: number };

const globalForLimiters = globalThis as typeof globalThis & { __crowdpulseLimiters?: Map<string, RateLimiterRedis> };

export { writesPerMinute };

function limiter({ keyPrefix, points, duration }: Limit): RateLimiterRedis {
  const limiters = (globalForLimiters.__crowdpulseLimiters ??= new Map());
  let found = limiters.get(keyPrefix);
  if (!found) {
    found = new RateLimiterRedis({ storeClient: getRedis(), keyPrefix, points, duration, rejectIfRedisNotReady: true });
    limiters.set(keyPrefix, found);
  }
  return found;
}

/** Consumes one point of `limit` for the request's address; a 429 with Retry-After when none is left. */
async function consume(request: Request, limit: Limit, what: 'writes' | 'bursts'): Promise<void> {
  try {
    await limiter(limit).consume(clientAddress(request));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    appMetrics().rateLimitRefused(`http-${what}`);
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new HttpError(429, 'rate_limited', `too many ${what}; retry in ${retryAfter} s`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

export async function limitWrites(request: Request): Promise<void> {
  const points = writesPerMinute();
  if (points > 0) await consume(request, { keyPrefix: 'rate:writes', points, duration: 60 }, 'writes');
}

/** The ops page's burst: one per address per cooldown, shared by every instance. */
export async function limitBursts(request: Request): Promise<void> {
  await consume(request, { keyPrefix: 'rate:burst', points: 1, duration: BURST_COOLDOWN_SECONDS }, 'bursts');
}
