import { processEnv, setting, type Env } from '../config';

export const DAY_MS = 24 * 3600 * 1000;

/** How feeds are kept; tests pass their own. */
export type FeedConfig = {
  /** Above this many followers a project is not pushed but merged at read time. */
  fanoutMaxFollowers: number;
  /** A feed not read for this long expires, and is rebuilt on return. */
  idleMs: number;
  /** References kept per feed (and per project list); trimmed when LPUSH answers cap + slack. */
  cap: number;
  slack: number;
  /** How long an entry hash (and a project's list) lives. */
  entryTtlMs: number;
  /** The most projects one visitor may follow: a follow past it is refused (409). */
  maxFollows: number;
  /** A visitor's follows expire this long after their last follow, unfollow or feed read. */
  followsTtlMs: number;
  /** The slot of the shared work list (keys.ts, feedWorkKeysTagged): `feed` unless a test works alone. */
  workTag?: string;
};

/** As long as the visitor cookie lives (lib/visitors/cookie.ts): follows never expire before their owner's id does. */
export const FOLLOWS_TTL_MS = 365 * DAY_MS;

/** FANOUT_MAX_FOLLOWERS (10,000), FEED_IDLE_DAYS (14) and FOLLOWS_PER_VISITOR (200). */
export function feedConfigFromEnv(env: Env = processEnv()): FeedConfig {
  return {
    fanoutMaxFollowers: setting('FANOUT_MAX_FOLLOWERS', env),
    idleMs: Math.round(setting('FEED_IDLE_DAYS', env) * DAY_MS),
    cap: 200,
    slack: 10,
    entryTtlMs: 30 * DAY_MS,
    maxFollows: setting('FOLLOWS_PER_VISITOR', env),
    followsTtlMs: FOLLOWS_TTL_MS,
  };
}

let configured: FeedConfig | undefined;

export function configuredFeed(): FeedConfig {
  return (configured ??= feedConfigFromEnv());
}

/** The JSON the live-event scripts take as their LAST argument (home-feed.lua). */
export function feedHookArg(config: FeedConfig, slug: string): string {
  return JSON.stringify({
    max: config.fanoutMaxFollowers,
    cap: config.cap,
    slack: config.slack,
    ttl: config.entryTtlMs,
    slug,
  });
}
