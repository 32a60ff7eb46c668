import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Folder } from '../../lib/folding/folder';
import { startFoldPoller } from '../../lib/folding/poller';
import type { Fold } from '../../lib/folding/types';
import { connect, listenTo, testConnection } from '../support';
import { testFolder } from './support';

const POLLERS = 4;
const ACCOUNTS = 200;
const BURSTS = 10;
const EVENTS_PER_BURST = 1_000;
const METRICS = ['likes', 'shares', 'comments', 'impressions', 'saves', 'clicks', 'replies', 'follows'];

let clients: RedisClient[];
beforeAll(async () => void (clients = await Promise.all(Array.from({ length: POLLERS + 1 }, connect))));
afterAll(async () => void (await Promise.all(clients.map((client) => client.quit()))));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('four pollers over 10,000 bursty events across 200 accounts publish every fold once, losing no metric', { timeout: 60_000 }, async () => {
  const [producer, ...pollerClients] = clients as [RedisClient, ...RedisClient[]];
  const folder = testFolder(producer, { windowMs: 150, maxWaitMs: 1_000, leaseMs: 10_000 });
  const listeners = await Promise.all(folder.shards.map((shard) => listenTo(producer, shard.changes)));

  const handled: Fold[] = [];
  // Shard (its key prefix) -> the pollers that handled its folds.
  const handledBy = new Map<string, Set<number>>();
  const pollers = pollerClients.map((client, poller) =>
    startFoldPoller(new Folder(folder.spec, folder.config, client), {
      shardLeaseMs: 60_000, // never lost to a stall of this busy box: one poller per shard throughout
      handle: async (fold) => {
        handled.push(fold);
        const shard = folder.keysOfFold(fold.key).prefix;
        handledBy.set(shard, (handledBy.get(shard) ?? new Set()).add(poller));
      },
    }),
  );

  const sent = new Map<string, Set<string>>();
  let id = 0;
  for (let burst = 0; burst < BURSTS; burst++) {
    // Each burst hits a quarter of the accounts; pauses vary around the window, so some groups
    // go quiet between bursts and others keep folding across them.
    const offset = (burst * 50) % ACCOUNTS;
    await Promise.all(
      Array.from({ length: EVENTS_PER_BURST }, (_, i) => {
        const account = `acc${(offset + (i % 50)) % ACCOUNTS}`;
        const metric = METRICS[(i * 7 + burst) % METRICS.length]!;
        const names = sent.get(account) ?? new Set<string>();
        sent.set(account, names.add(metric));
        return folder.fold({ id: `p${id++}`, account_id: account, metrics: { [metric]: i } }, Date.now());
      }),
    );
    await sleep([40, 250, 90, 400][burst % 4]!);
  }

  // Until every fold is out: a state, however long a busy machine takes to get there.
  await expect.poll(async () => (await folder.state()).stats, { timeout: 50_000 }).toMatchObject({ pending: 0, claimed: 0 });
  await Promise.all(pollers.map((poller) => poller.stop()));
  const messages = (await Promise.all(listeners.map((listener) => listener.take()))).flat();
  const published = messages.map((message) => (JSON.parse(message) as { fold: { key: string } }).fold.key);
  await Promise.all(listeners.map((listener) => listener.close()));

  // Each shard is polled by the one poller holding its lease (none stopped or stalled here).
  expect(handledBy.size).toBe(folder.shards.length);
  for (const pollers of handledBy.values()) expect(pollers.size).toBe(1);
  const keys = handled.map((fold) => fold.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect([...published].sort()).toEqual([...keys].sort());
  expect(handled.reduce((sum, fold) => sum + fold.events, 0)).toBe(BURSTS * EVENTS_PER_BURST);

  const received = new Map<string, Set<string>>();
  for (const fold of handled) {
    const names = received.get(fold.group) ?? new Set<string>();
    for (const name of fold.fields as string[]) names.add(name);
    received.set(fold.group, names);
  }
  expect(received.size).toBe(ACCOUNTS);
  for (const [account, names] of sent) expect([...received.get(account)!].sort(), account).toEqual([...names].sort());

  const { stats } = await folder.state();
  expect(stats).toMatchObject({ events: 10_000, published: keys.length, pending: 0, claimed: 0, redelivered: 0 });
  expect(stats.ratio).toBeGreaterThan(0.9);
});

// docs/event-folding.md: the poller sleeps until the time claim-due.lua answered (at most a window, plus up to
// 50 ms of jitter) instead of ticking. A ticking poller would publish on average half a window late.
it.runIf(testConnection().mode === 'single')('a poller publishes a fold soon after it falls due, not on a tick of the window', { timeout: 20_000 }, async () => {
  const folder = testFolder(clients[0]!, { windowMs: 2_000 });
  const lags: number[] = [];
  const poller = startFoldPoller(folder, { handle: async () => {}, onPublished: (_fold, lagMs) => lags.push(lagMs) });
  try {
    for (let i = 0; i < 5; i++) {
      await folder.fold({ id: `late-${i}`, account_id: `lag_${i}`, metrics: { likes: i } }, Date.now());
      await sleep(350);
    }
    await expect.poll(() => lags.length, { timeout: 10_000 }).toBe(5);
    expect(lags.toSorted((a, b) => a - b)[2]).toBeLessThan(600); // a ticking poller: about 950 here
  } finally {
    await poller.stop();
  }
});
