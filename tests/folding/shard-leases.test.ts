import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Folder, type ShardClaim } from '../../lib/folding/folder';
import { startFoldPoller, type Poller } from '../../lib/folding/poller';
import type { MetricEvent } from '../../lib/folding/metric-events';
import type { RedisClient } from '../../lib/redis/client';
import { connect } from '../support';
import { testFolder } from './support';

let clients: RedisClient[];
beforeAll(async () => void (clients = await Promise.all(Array.from({ length: 3 }, connect))));
afterAll(async () => void (await Promise.all(clients.map((client) => client.quit()))));

/** A poller on a Folder of its own (as on its own instance), with every claim it made recorded by shard. */
function instance(folder: Folder<MetricEvent>, redis: RedisClient, published: string[]) {
  const own = new Folder(folder.spec, folder.config, redis);
  const claims = new Map<number, ShardClaim[]>();
  const claimDueOn = own.claimDueOn.bind(own);
  vi.spyOn(own, 'claimDueOn').mockImplementation(async (shard, now, lease) => {
    const claim = await claimDueOn(shard, now, lease);
    claims.set(shard, [...(claims.get(shard) ?? []), claim]);
    return claim;
  });
  let poller: Poller | undefined;
  return {
    claims,
    /** Shards this instance claimed on while holding their lease. */
    heldShards: () =>
      [...claims]
        .filter(([, list]) => list.some((claim) => claim.held))
        .map(([shard]) => shard)
        .toSorted(),
    start: () =>
      void (poller = startFoldPoller(own, {
        handle: async (fold) => void published.push(fold.key),
        shardLeaseMs: 1_000,
      })),
    stop: () => poller?.stop(),
  };
}

it(
  'one poller at a time polls a shard (its lease); when it stops, another takes the shard over',
  { timeout: 30_000 },
  async () => {
    const [producer, first, second] = clients as [RedisClient, RedisClient, RedisClient];
    const folder = testFolder(producer, { windowMs: 100, maxWaitMs: 1_000, shards: 2 });
    const published: string[] = [];
    const a = instance(folder, first, published);
    const b = instance(folder, second, published);
    // One account per shard.
    const accounts = Array.from({ length: 40 }, (_, i) => `acc${i}`);
    const perShard = [0, 1].map((shard) =>
      accounts.find((account) => folder.keysOf(account) === folder.shards[shard])!,
    );
    const foldOnEveryShard = async (round: string) => {
      for (const account of perShard)
        await folder.fold({ id: `${round}-${account}`, account_id: account, metrics: { likes: 1 } }, Date.now());
    };

    a.start();
    await expect.poll(() => a.heldShards()).toEqual([0, 1]);
    b.start();
    await foldOnEveryShard('while-a');
    await expect.poll(() => published.length, { timeout: 10_000 }).toBe(2);
    // b asked, but holds nothing: each of its claims was refused (about one per lease), none claimed.
    expect(b.heldShards()).toEqual([]);
    await expect.poll(() => [...b.claims.keys()].toSorted()).toEqual([0, 1]);
    for (const claims of b.claims.values()) expect(claims.every((claim) => !claim.held)).toBe(true);

    await a.stop();
    await foldOnEveryShard('after-a');
    await expect.poll(() => published.length, { timeout: 10_000 }).toBe(4);
    expect(b.heldShards()).toEqual([0, 1]);
    await b.stop();
  },
);
