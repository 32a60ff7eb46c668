import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fireBurst, stopBursts } from '../../lib/folding/burst';
import { connect } from '../support';
import { testFolder } from '../folding/support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Decided on counts: 200 events in 20 ticks of 10, one tick in flight at most. How far the burst
// got before the stop depends on the machine's load; that it sends nothing after does not.
it('a burst stops sending when the app shuts down', async () => {
  const folder = testFolder(redis);
  const events = async () => (await folder.state()).stats.events;
  await fireBurst(folder, { events: 200, durationMs: 2_000 });
  await sleep(350);
  stopBursts();
  const atStop = await events();
  // The tick in flight, if any, still lands whole.
  await expect.poll(async () => {
    const count = await events();
    return count > 0 && count % 10 === 0;
  }).toBe(true);
  const landed = await events();
  expect(landed - atStop).toBeLessThanOrEqual(10);
  await sleep(2_000); // the rest of the burst's 2 s, and more on a busy machine: nothing is sent
  expect(await events()).toBe(landed);
  expect(landed).toBeLessThan(200);
});
