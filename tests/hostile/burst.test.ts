import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fireBurst, stopBursts } from '../../lib/folding/burst';
import { connect } from '../support';
import { testFolder } from '../folding/support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

it('a burst stops sending when the app shuts down', async () => {
  const folder = testFolder(redis);
  await fireBurst(folder, { events: 200, durationMs: 2_000 });
  await new Promise((resolve) => setTimeout(resolve, 350));
  stopBursts();
  await new Promise((resolve) => setTimeout(resolve, 150));
  const sentAtStop = (await folder.state()).stats.events;
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect((await folder.state()).stats.events).toBe(sentAtStop);
  expect(sentAtStop).toBeGreaterThan(0);
  expect(sentAtStop).toBeLessThan(200);
});
