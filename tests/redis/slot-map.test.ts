import { once } from 'node:events';
import type { Cluster } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalClusterHandle } from '../../lib/scale/local-cluster';
import { cli } from '../../lib/scale/redis-node';
import { usePrivateCluster } from '../private-cluster';
import { testConnection } from '../support';

/**
 * docs/architecture.md's "the slot map is refreshed every 2 s and on every MOVED", on a private cluster:
 * a slot moved by hand (as `redis-cli --cluster reshard` does) must not cost the app an error.
 */
describe.runIf(testConnection().mode === 'cluster')('the command client’s slot map', { timeout: 60_000 }, () => {
  const own = usePrivateCluster({ masters: 3, replicasPerMaster: 0 });
  let cluster: LocalClusterHandle;
  let redis: Cluster;
  let refreshes = 0;
  beforeAll(() => {
    ({ cluster } = own);
    redis = own.redis as Cluster;
    redis.on('refresh', () => refreshes++);
  });

  // Without the option ioredis 6 sets no timer at all (its typings say 5 s; DEFAULT_CLUSTER_OPTIONS has none).
  // Three refreshes with no command sent: only the timer can make them. Decided on the events,
  // however late a busy machine lets the timer fire; its period is the client's option.
  it('is refreshed every 2 s without any command', async () => {
    expect(redis.options.slotsRefreshInterval).toBe(2_000);
    const before = refreshes;
    for (let i = 0; i < 3; i++) await once(redis, 'refresh');
    expect(refreshes - before).toBeGreaterThanOrEqual(3);
  });

  it('follows a slot moved to another master at once: the MOVED answer is followed and learnt', async () => {
    const key = '{slot-map}:moving';
    await redis.set(key, 'kept');
    const slot = await redis.cluster('KEYSLOT', key);
    const masters = (await cluster.describe()).filter((node) => node.role === 'master');
    const source = await cluster.masterFor(slot);
    const target = masters.find((node) => node.id !== source.id)!;
    // Right after a periodic refresh: the next is 2 s away, so only the MOVED can teach the client.
    await once(redis, 'refresh');

    await cli(target.port, 'CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', source.id);
    await cli(source.port, 'CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', target.id);
    await cli(source.port, 'MIGRATE', target.host, String(target.port), '', '0', '5000', 'KEYS', key);
    for (const node of [
      target,
      source,
      ...masters.filter((master) => master.id !== source.id && master.id !== target.id),
    ]) {
      await cli(node.port, 'CLUSTER', 'SETSLOT', String(slot), 'NODE', target.id);
    }
    // On a busy machine the six redis-cli calls above can outlast the 2 s, and a periodic refresh
    // would learn the move first: the map is put back as it was, so only the MOVED can teach it.
    redis.slots[slot] = [`${source.host}:${source.port}`];

    expect(await redis.get(key)).toBe('kept');
    expect(redis.slots[slot]).toEqual([`${target.host}:${target.port}`]);
    await redis.set(key, 'written after the move');
    expect(await cli(target.port, 'GET', key)).toBe('written after the move');
  });
});
