import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis, type RedisClient } from '../redis/client';
import { clientAddress } from './client-address';
import { HttpError } from './errors';
import { limitKey } from './limit-key';

/** One ops-page burst (200 writes in the background) per address per this many seconds. */
export const BURST_COOLDOWN_SECONDS = 10;

/**
 * Every per-address limit: its variable, default, and window. All count in Redis
 * (rate-limiter-flexible), so every instance shares one budget per address, and key on
 * `limitKey` (an IPv6 /64 is one address). RATE_LIMIT_PER_MIN=0 turns them all off.
 */
export const ADDRESS_LIMITS = {
  writes: { variable: 'RATE_LIMIT_PER_MIN', points: 120, seconds: 60 },
  'new-visitor-ids': { variable: 'RATE_LIMIT_NEW_VISITORS_PER_HOUR', points: 60, seconds: 3_600 },
  'quiz-starts': { variable: 'RATE_LIMIT_QUIZ_STARTS_PER_HOUR', points: 120, seconds: 3_600 },
  reads: { variable: 'RATE_LIMIT_READS_PER_MIN', points: 600, seconds: 60 },
  'socket-events': { variable: 'RATE_LIMIT_SOCKET_EVENTS_PER_MIN', points: 600, seconds: 60 },
  sockets: { variable: 'RATE_LIMIT_SOCKETS_PER_ADDRESS', points: 60, seconds: 0 },
} as const;

export type AddressLimit = keyof typeof ADDRESS_LIMITS;

const countSchema = z.coerce.number().int().min(0);

type Limiters = WeakMap<RedisClient, Map<string, RateLimiterRedis>>;
const globalForLimiters = globalThis as typeof globalThis & { __crowdpulseLimiters?: Limiters };

/** Writes per client per minute, shared by every app instance through Redis; 0 turns every per-address limit off. */
export function writesPerMinute(): number {
  return countSchema.default(ADDRESS_LIMITS.writes.points).parse(process.env.RATE_LIMIT_PER_MIN || undefined);
}

/** A limit's points from its variable (0 turns that one off); 0 for all when RATE_LIMIT_PER_MIN=0. */
export function limitPoints(name: AddressLimit): number {
  if (writesPerMinute() === 0) return 0;
  const { variable, points } = ADDRESS_LIMITS[name];
  return countSchema.default(points).parse(process.env[variable] || undefined);
}

/** At start: a mistyped limit stops it with zod's message. */
export function checkLimitSettings(): void {
  for (const name of Object.keys(ADDRESS_LIMITS) as AddressLimit[]) limitPoints(name);
}

function limiter(keyPrefix: string, points: number, duration: number, redis: RedisClient = getRedis()): RateLimiterRedis {
  const byClient = (globalForLimiters.__crowdpulseLimiters ??= new WeakMap());
  const limiters = byClient.get(redis) ?? new Map<string, RateLimiterRedis>();
  byClient.set(redis, limiters);
  const id = `${keyPrefix}/${points}/${duration}`;
  let found = limiters.get(id);
  if (!found) {
    found = new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, rejectIfRedisNotReady: true });
    limiters.set(id, found);
  }
  return found;
}

/**
 * Takes one point of `name`'s budget for `address`: undefined when allowed (or the limit is off),
 * else the seconds until a point is back. Redis errors propagate (a 503 on a route).
 */
export async function takeFromAddress(
  name: Exclude<AddressLimit, 'sockets'>,
  address: string,
  redis: RedisClient = getRedis(),
): Promise<number | undefined> {
  const points = limitPoints(name);
  if (points === 0) return undefined;
  try {
    await limiter(`rate:${name}`, points, ADDRESS_LIMITS[name].seconds, redis).consume(limitKey(address));
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    appMetrics().rateLimitRefused(name === 'writes' ? 'http-writes' : name);
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

export function tooMany(what: string, retryAfter: number): HttpError {
  return new HttpError(429, 'rate_limited', `too many ${what}; retry in ${retryAfter} s`, undefined, { 'Retry-After': String(retryAfter) });
}

async function limitRequest(request: Request, name: Exclude<AddressLimit, 'sockets'>, what: string): Promise<void> {
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
