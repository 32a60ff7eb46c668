import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { networkScopes } from './limit-key';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis, type RedisClient } from '../redis/client';
import { setting } from '../config';

/**
 * Every per-address limit: its variable, default, and window. All count in Redis
 * (rate-limiter-flexible), so every instance shares one budget per address, and key on
 * `networkScopes` (an IPv6 /64 is one address, and its /56 and /48 have a few /64s' budget
 * each). RATE_LIMIT_PER_MIN=0 turns them all off.
 */
export const ADDRESS_LIMITS = {
  writes: { variable: 'RATE_LIMIT_PER_MIN', points: 120, seconds: 60 },
  'new-visitor-ids': { variable: 'RATE_LIMIT_NEW_VISITORS_PER_HOUR', points: 60, seconds: 3_600 },
  'quiz-starts': { variable: 'RATE_LIMIT_QUIZ_STARTS_PER_HOUR', points: 120, seconds: 3_600 },
  reads: { variable: 'RATE_LIMIT_READS_PER_MIN', points: 600, seconds: 60 },
  'socket-events': { variable: 'RATE_LIMIT_SOCKET_EVENTS_PER_MIN', points: 600, seconds: 60 },
  'failed-tokens': { variable: 'RATE_LIMIT_FAILED_TOKENS_PER_HOUR', points: 30, seconds: 3_600 },
  sockets: { variable: 'RATE_LIMIT_SOCKETS_PER_ADDRESS', points: 60, seconds: 0 },
  // Not a rate: the rows one network (a /64; its /56 and /48 a few times more) may hold on each leaderboard (lib/leaderboard/lua/includes/network-rows.lua).
  'rows-per-network': { variable: 'LEADERBOARD_ROWS_PER_NETWORK', points: 5, seconds: 0 },
} as const;

export type AddressLimit = keyof typeof ADDRESS_LIMITS;
/** The limits counted per window (takeFromAddress): not the caps on what an address holds at once. */
export type RateLimit = Exclude<AddressLimit, 'sockets' | 'rows-per-network'>;

type Limiters = WeakMap<RedisClient, Map<string, RateLimiterRedis>>;
const globalForLimiters = globalThis as typeof globalThis & { __crowdpulseLimiters?: Limiters };

/**
 * Writes per client per minute; 0 turns every per-address limit off (QA and the bench).
 */
export function writesPerMinute(): number {
  return setting('RATE_LIMIT_PER_MIN');
}

/** A limit's points from its variable (0 turns that one off); 0 for all when RATE_LIMIT_PER_MIN=0. */
export function limitPoints(name: AddressLimit): number {
  const writes = writesPerMinute();
  if (writes === 0 || name === 'writes') return writes;
  const variable = ADDRESS_LIMITS[name].variable;
  return setting(variable);
}

/** At start: a mistyped limit stops it with its line (lib/config.ts). */
export function checkLimitSettings(): void {
  for (const name of Object.keys(ADDRESS_LIMITS) as AddressLimit[]) limitPoints(name);
}

/** One RateLimiterRedis per prefix, budget and client, kept across Next's module reloads. */
export function limiter(
  keyPrefix: string,
  points: number,
  duration: number,
  redis: RedisClient = getRedis(),
): RateLimiterRedis {
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

/** Seconds until a point of one network's budget is back; undefined when it had one to give. */
async function takeFromNetwork(limit: RateLimiterRedis, key: string): Promise<number | undefined> {
  try {
    await limit.consume(key);
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

/**
 * Takes one point of `name`'s budget for `address`, in every network it is counted in (its
 * /64, /56 and /48 for IPv6, in parallel): undefined when each had one (or the limit is off),
 * else the longest wait until they all do. Redis errors propagate (a 503 on a route).
 */
export async function takeFromAddress(
  name: RateLimit,
  address: string,
  redis?: RedisClient,
): Promise<number | undefined> {
  const points = limitPoints(name);
  if (points === 0) return undefined;
  const waits = await Promise.all(
    networkScopes(address).map(({ key, share }) =>
      takeFromNetwork(limiter(`rate:${name}`, points * share, ADDRESS_LIMITS[name].seconds, redis), key),
    ),
  );
  const wait = Math.max(0, ...waits.map((seconds) => seconds ?? 0));
  if (wait === 0) return undefined;
  appMetrics().rateLimitRefused(name === 'writes' ? 'http-writes' : name);
  return wait;
}

/**
 * Seconds until `name`'s budget for `address` has a point again, in the network that waits
 * longest; undefined while every network has one. Takes nothing: a check before an attempt
 * that costs a point only when it fails (a wrong token).
 */
export async function spentOnAddress(name: RateLimit, address: string): Promise<number | undefined> {
  const points = limitPoints(name);
  if (points === 0) return undefined;
  const waits = await Promise.all(
    networkScopes(address).map(async ({ key, share }) => {
      const state = await limiter(`rate:${name}`, points * share, ADDRESS_LIMITS[name].seconds).get(key);
      return state && state.consumedPoints >= points * share ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
    }),
  );
  const wait = Math.max(0, ...waits);
  return wait === 0 ? undefined : wait;
}

/**
 * Takes one point of a fixed budget (`points` per `seconds`, not configurable) for `address` in
 * every network it is counted in, each the same budget (a /48 no more than a /64: for what one
 * client anywhere on the site waits on, like the burst): undefined when allowed, else the seconds
 * until a point is back (counted as `metric`).
 */
export async function takeFixed(
  prefix: string,
  points: number,
  seconds: number,
  address: string,
  metric: string,
): Promise<number | undefined> {
  const waits = await Promise.all(
    networkScopes(address).map(({ key }) => takeFromNetwork(limiter(prefix, points, seconds), key)),
  );
  const wait = Math.max(0, ...waits.map((each) => each ?? 0));
  if (wait === 0) return undefined;
  appMetrics().rateLimitRefused(metric);
  return wait;
}
