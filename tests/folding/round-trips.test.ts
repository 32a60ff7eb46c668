import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandsSentBy, connect } from '../support';
import { SEED_EVENTS, testFolder } from './support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

it('fold and ack are one EVALSHA each; claiming and reading the state are one per shard, sent together', async () => {
  const T0 = 1_700_000_000_000;
  const warmUp = testFolder(redis);
  await warmUp.fold(SEED_EVENTS[0]!, T0);
  const [warm] = (await warmUp.claimDue(T0 + 1_000)).folds;
  await warmUp.ack(warm!.key, T0 + 1_000);
  await warmUp.state();

  const folder = testFolder(redis);
  expect(await commandsSentBy(redis, () => folder.fold(SEED_EVENTS[0]!, T0))).toEqual(['evalsha']);
  expect(await commandsSentBy(redis, () => folder.fold(SEED_EVENTS[1]!, T0 + 1))).toEqual(['evalsha']);
  let claimed: string | undefined;
  const perShard = folder.shards.map(() => 'evalsha');
  expect(
    await commandsSentBy(redis, async () => (claimed = (await folder.claimDue(T0 + 1_001)).folds[0]?.key)),
  ).toEqual(perShard);
  expect(await commandsSentBy(redis, () => folder.ack(claimed!, T0 + 1_002))).toEqual(['evalsha']);
  expect(await commandsSentBy(redis, () => folder.state())).toEqual(perShard);
});
