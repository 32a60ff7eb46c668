import { getRedis, type RedisClient } from '../redis/client';
import { configuredFeed, type FeedConfig } from './config';

/** What every feed operation needs. Tests pass their own client, settings and clock. */
export type FeedContext = { redis: RedisClient; config: FeedConfig; now: () => number };

export function defaultFeedContext(): FeedContext {
  return { redis: getRedis(), config: configuredFeed(), now: Date.now };
}
