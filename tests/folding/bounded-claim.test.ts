import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RedisClient } from '../../lib/redis/client';
import { connect } from '../support';
import { testFolder } from './support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

it('a claim drops at most twice its batch of stale "recently claimed" groups, whatever piled up', async () => {
  const folder = testFolder(redis, { windowMs: 1_000, batch: 50 });
  const [shard] = folder.shards;
  const stale = Date.now() - 60_000;
  for (let first = 0; first < 10_000; first += 1_000) {
    await redis.zadd(
      shard!.recentlyClaimed,
      ...Array.from({ length: 1_000 }, (_, i) => [stale, `old-${first + i}`]).flat(),
    );
  }

  await folder.claimDue(Date.now());

  expect(await redis.zcard(shard!.recentlyClaimed)).toBe(10_000 - 2 * 50);
});
