import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { Folder } from '../../lib/folding/folder';
import { startFoldPoller } from '../../lib/folding/poller';
import type { Fold } from '../../lib/folding/types';
import { connect, listenTo, testClock, testConnection } from '../support';
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

it(
  'four pollers over 10,000 bursty events across 200 accounts publish every fold once, losing no metric',
  { timeout: 60_000 },
  async () => {
    const [producer, ...pollerClients] = clients as [RedisClient, ...RedisClient[]];
    const folder = testFolder(producer, { windowMs: 150, maxWaitMs: 1_000, leaseMs: 10_000 });
    // Events and pollers on one test clock that moves only between bursts: which groups go quiet
    // is decided by the schedule below, not by how long a busy machine takes to send a burst.
    const clock = testClock();
    const listeners = await Promise.all(folder.shards.map((shard) => listenTo(producer, shard.changes)));

    const handled: Fold[] = [];
    // Shard (its key prefix) -> the pollers that handled its folds.
    const handledBy = new Map<string, Set<number>>();
    const pollers = pollerClients.map((client, poller) =>
      startFoldPoller(new Folder(folder.spec, folder.config, client), {
        now: clock.now,
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
          return folder.fold({ id: `p${id++}`, account_id: account, metrics: { [metric]: i } }, clock.now());
        }),
      );
      const pause = [40, 250, 90, 400][burst % 4]!;
      clock.advance(pause);
      await sleep(pause);
    }

    // Until every fold is out: a state, however long a busy machine takes to get there.
    await expect
      .poll(async () => (await folder.state()).stats, { timeout: 50_000 })
      .toMatchObject({ pending: 0, claimed: 0 });
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
  },
);

// docs/event-folding.md: the poller sleeps until the time claim-due.lua answered (at most a window, plus up to
// 50 ms of jitter) instead of ticking. A ticking poller would publish on average half a window late.
// Decided on the poller's own clock (a test clock) and on the sleeps it asks for, which no load moves:
// on the clock of a busy machine its timers fire late, and a measured lag says so, not what it chose.
it.runIf(testConnection().mode === 'single')(
  'a poller publishes a fold soon after it falls due, not on a tick of the window',
  { timeout: 20_000 },
  async () => {
    const windowMs = 2_000;
    const folder = testFolder(clients[0]!, { windowMs });
    const clock = testClock();
    const start = clock.now();
    for (let i = 0; i < 5; i++)
      await folder.fold({ id: `late-${i}`, account_id: `lag_${i}`, metrics: { likes: i } }, start + i * 350);
    clock.set(start + windowMs); // the first fold falls due now; each next one 350 ms later
    const sleeps = pollerSleeps();
    const lags: number[] = [];
    const poller = startFoldPoller(folder, {
      now: clock.now,
      random: () => 0,
      handle: async () => {},
      onPublished: (_fold, lagMs) => lags.push(lagMs),
    });
    try {
      await expect.poll(() => lags.length).toBe(1);
      // Until the next fold falls due (350 ms on its clock), not a window (a ticking poller: 2,000).
      await expect.poll(() => Math.min(...sleeps)).toBe(350);
      for (let i = 1; i < 5; i++) {
        clock.advance(350);
        await expect.poll(() => lags.length).toBe(i + 1);
      }
      expect(lags).toEqual([0, 0, 0, 0, 0]);
    } finally {
      await poller.stop();
      vi.restoreAllMocks();
    }
  },
);

/** The waits lib/folding/poller.ts asks setTimeout for, from now on. */
function pollerSleeps(): number[] {
  const sleeps: number[] = [];
  const setTimer = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
    // The frame that called setTimeout, past this spy's own.
    const caller = new Error().stack
      ?.split('\n')
      .find((frame) => !frame.includes('pollers.test') && !frame.includes('node_modules') && frame.includes('/'));
    if (caller?.includes('folding/poller')) sleeps.push(Number(ms));
    return setTimer(run, ms);
  }) as typeof setTimeout);
  return sleeps;
}
