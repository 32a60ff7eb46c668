import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BURST_LEASE_KEY, fireBurst, stopBursts } from '../../lib/folding/burst';
import { connect } from '../support';
import { testFolder } from '../folding/support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

// Decided on counts and on the burst's own end: 200 events in 20 ticks of 10, one tick in flight
// at most. How far the burst got before the stop depends on the machine's load; that its loop
// ends there (it releases the site-wide lease as it leaves) and sends nothing after does not.
it('a burst stops sending when the app shuts down', async () => {
  const folder = testFolder(redis);
  const events = async () => (await folder.state()).stats.events;
  await fireBurst(folder, { events: 200, durationMs: 2_000 });
  await expect.poll(events).toBeGreaterThan(0);
  stopBursts();
  const atStop = await events();
  await expect.poll(() => redis.exists(BURST_LEASE_KEY)).toBe(0);
  const landed = await events();
  // The tick in flight, if any, landed whole; then nothing.
  expect(landed % 10).toBe(0);
  expect(landed - atStop).toBeLessThanOrEqual(10);
  expect(landed).toBeLessThan(200);
  expect(await events()).toBe(landed);
});
