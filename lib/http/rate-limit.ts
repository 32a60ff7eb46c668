import { RateLimiterRes } from 'rate-limiter-flexible';
import { limiter, takeFromAddress, writesPerMinute, type RateLimit } from '../limits/address-limits';
import { limitKey } from '../limits/limit-key';
import { appMetrics } from '../metrics/app-metrics';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

/** One ops-page burst (200 writes in the background) per address per this many seconds. */
export const BURST_COOLDOWN_SECONDS = 10;

export { writesPerMinute };

export function tooMany(what: string, retryAfter: number): HttpError {
  return new HttpError(429, 'rate_limited', `too many ${what}; retry in ${retryAfter} s`, undefined, { 'Retry-After': String(retryAfter) });
}

async function limitRequest(request: Request, name: RateLimit, what: string): Promise<void> {
  const retryAfter = await takeFromAddress(name, clientAddress(request));
  if (retryAfter !== undefined) throw tooMany(what, retryAfter);
}

export const limitWrites = (request: Request) => limitRequest(request, 'writes', 'writes');

/** Starting a quiz game, per address per hour (a new game is a new chance at every board). */
export const limitQuizStarts = (request: Request) => limitRequest(request, 'quiz-starts', 'quiz games started');

/** The ops page's burst: one per address per cooldown, shared by every instance. */
export async function limitBursts(request: Request): Promise<void> {
  try {
    await limiter('rate:burst', 1, BURST_COOLDOWN_SECONDS).consume(limitKey(clientAddress(request)));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    appMetrics().rateLimitRefused('http-bursts');
    throw tooMany('bursts', Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}
