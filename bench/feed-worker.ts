/**
 * A fan-out worker in a process of its own, for `npm run bench -- feed` to SIGKILL mid-fan-out:
 * drains one project's queue (REDIS_URL, FEED_SLUG, FEED_CONSUMER) and exits.
 */
import { drainProject } from '../lib/feed/fanout';
import { feedConfigFromEnv } from '../lib/feed/config';
import { createRedis, waitUntilReady } from '../lib/redis/client';

async function main(): Promise<void> {
  const redis = createRedis(process.env.REDIS_URL);
  await waitUntilReady(redis);
  process.stdout.write('ready\n');
  await drainProject({ redis, config: feedConfigFromEnv(), now: Date.now }, process.env.FEED_SLUG!, {
    consumer: process.env.FEED_CONSUMER!,
    batch: 1_000,
  });
  await redis.quit();
}

void main();
