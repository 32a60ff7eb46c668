import { afterAll, beforeAll, expect, it } from 'vitest';
import { FOLDING_DEFAULTS } from '../../lib/folding/config';
import { shardOf } from '../../lib/folding/keys';
import { metricEventsSpec, metricFolderOn } from '../../lib/folding/metric-events';
import { isCluster, type RedisClient } from '../../lib/redis/client';
import { connect, testConnection } from '../support';

let redis: RedisClient;
beforeAll(async () => void (redis = await connect()));
afterAll(async () => void (await redis.quit()));

it('sends a group always to the same shard, and spreads groups over every shard', () => {
  const groups = Array.from({ length: 6_000 }, (_, i) => `account_${i}`);
  expect(groups.map((group) => shardOf(group, 6))).toEqual(groups.map((group) => shardOf(group, 6)));
  const perShard = Array.from(
    { length: 6 },
    (_, shard) => groups.filter((group) => shardOf(group, 6) === shard).length,
  );
  for (const count of perShard) expect(count).toBeGreaterThan(800);
});

it.runIf(testConnection().mode === 'cluster')(
  'puts the default shards of the metric folder on every master of the cluster',
  async () => {
    const cluster = redis;
    if (!isCluster(cluster)) throw new Error('expected a cluster client');
    const folder = metricFolderOn(cluster, { ...FOLDING_DEFAULTS });
    expect(folder.shards).toHaveLength(FOLDING_DEFAULTS.shards);
    expect(folder.spec.name).toBe(metricEventsSpec.name);
    const masters = await Promise.all(
      folder.shards.map(async (shard) => {
        const slot = Number(await cluster.cluster('KEYSLOT', shard.counters));
        return cluster.slots[slot]![0];
      }),
    );
    expect(new Set(masters).size).toBe(cluster.nodes('master').length);
  },
);
