import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis } from '../redis/client';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

const DEFAULT_WRITES_PER_MINUTE = 120;

const globalForLimiter = globalThis as typeof globalThis & { __crowdpulseWriteLimiter?: RateLimiterRedis | null };

const writesPerMinuteSchema = z.coerce.number().int().min(0).default(DEFAULT_WRITES_PER_MINUTE);

/** Writes per client per minute, shared by every app instance through Redis; 0 turns it off. */
export function writesPerMinute(): number {
  return writesPerMinuteSchema.parse(process.env.RATE_LIMIT_PER_MIN || undefined);
}

function writeLimiter(): RateLimiterRedis | null {
  if (globalForLimiter.__crowdpulseWriteLimiter !== undefined) return globalForLimiter.__crowdpulseWriteLimiter;
  const points = writesPerMinute();
  return (globalForLimiter.__crowdpulseWriteLimiter =
    points === 0
      ? null
      : new RateLimiterRedis({
          storeClient: getRedis(),
          keyPrefix: 'rate:writes',
          points,
          duration: 60,
          rejectIfRedisNotReady: true,
        }));
}

export async function limitWrites(request: Request): Promise<void> {
  const limiter = writeLimiter();
  if (!limiter) return;
  try {
    await limiter.consume(clientAddress(request));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    appMetrics().rateLimitRefused('http-writes');
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new HttpError(429, 'rate_limited', `too many writes; retry in ${retryAfter} s`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
