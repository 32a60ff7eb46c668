import { afterAll, beforeAll, expect, it } from 'vitest';
import { followerCount } from '../../lib/feed';
import { listSlugs } from '../../lib/projects/catalogue';
import { closeRedis, type RedisClient } from '../../lib/redis/client';
import { startSimulator } from '../../lib/simulator/simulator';
import { connect, createProject, testClock } from '../support';
import { useTestRedisForTheApp } from '../support';
import { feedContexts, testFeedConfig } from './support';

let redis: RedisClient;
beforeAll(async () => {
  useTestRedisForTheApp();
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
  await closeRedis();
});

it("the demo's simulated visitors follow projects as soon as it starts", async () => {
  await createProject(redis);
  const { feed, live } = feedContexts(redis, testClock(), testFeedConfig());
  const projects = await listSlugs(1_000, redis);
  const followers = async () =>
    (await Promise.all(projects.slice(0, 40).map((slug) => followerCount(feed, slug)))).reduce((a, b) => a + b, 0);
  const before = await followers();
  const simulator = startSimulator(live);
  try {
    await expect.poll(followers, { timeout: 10_000 }).toBeGreaterThan(before);
  } finally {
    await simulator.stop();
  }
});
