import { takeFixed, takeFromAddress, writesPerMinute, type RateLimit } from '../limits/address-limits';
import { clientAddress } from './client-address';
import { HttpError } from './errors';

/** One ops-page burst (200 writes in the background) per address per this many seconds. */
export const BURST_COOLDOWN_SECONDS = 10;

export { writesPerMinute };

export function tooMany(what: string, retryAfter: number): HttpError {
  return new HttpError(429, 'rate_limited', `too many ${what}; retry in ${retryAfter} s`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** The one 429 of the routes: every limit answers how long to wait, or undefined when allowed. */
function refuseWhenSpent(retryAfter: number | undefined, what: string): void {
  if (retryAfter !== undefined) throw tooMany(what, retryAfter);
}

async function limitRequest(request: Request, name: RateLimit, what: string): Promise<void> {
  refuseWhenSpent(await takeFromAddress(name, clientAddress(request)), what);
}

export const limitWrites = (request: Request) => limitRequest(request, 'writes', 'writes');

/** Starting a quiz game, per address per hour (a new game is a new chance at every board). */
export const limitQuizStarts = (request: Request) => limitRequest(request, 'quiz-starts', 'quiz games started');

/**
 * The ops page's burst: one per cooldown per address and per its /56 and /48 alike (one burst
 * holds the site's only lease: new /64s of one /48 must not take turns at it), shared by every instance.
 */
export async function limitBursts(request: Request): Promise<void> {
  refuseWhenSpent(
    await takeFixed('rate:burst', 1, BURST_COOLDOWN_SECONDS, clientAddress(request), 'http-bursts'),
    'bursts',
  );
}
