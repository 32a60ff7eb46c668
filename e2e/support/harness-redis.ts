import type { Redis } from 'ioredis';
import { createRedis } from '../../lib/redis/client';

/**
 * A client of a test's Redis for the test itself (setting up data, reading what a route wrote),
 * as the app creates one but without its 2 s command timeout: that fail-fast is how the app
 * answers 503, while a test's own setup on a busy machine must wait for its answer, not fail.
 */
export function harnessRedis(url: string): Redis {
  const redis = createRedis(url);
  redis.options.commandTimeout = undefined;
  return redis;
}
