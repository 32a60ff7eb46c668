import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatVisitors, joinProject, leaveProject, readLiveSnapshot } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { SECOND } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const tab = (visitorId: string, tabId: string) => ({ visitorId, tabId });
const ALICE = ['1', '2', '3'].map((n) => tab('visitor-alice', `tab-${n}`)) as [
  ReturnType<typeof tab>,
  ReturnType<typeof tab>,
  ReturnType<typeof tab>,
];
const BOB = tab('visitor-bob', 'tab-b');

describe('presence counts people, not tabs', () => {
  it('counts one visitor with three tabs once until the last tab closes, then drops at once', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const viewing = async () => (await readLiveSnapshot(slug, ctx)).visitors.count;

    expect([
      await joinProject(slug, ALICE[0], ctx),
      await joinProject(slug, ALICE[1], ctx),
      await joinProject(slug, ALICE[2], ctx),
    ]).toEqual([1, 1, 1]);
    expect(await viewing()).toBe(1);

    expect([await leaveProject(slug, ALICE[2], ctx), await leaveProject(slug, ALICE[1], ctx)]).toEqual([1, 1]);
    expect(await leaveProject(slug, ALICE[1], ctx)).toBe(1);
    expect(await viewing()).toBe(1);

    expect(await leaveProject(slug, ALICE[0], ctx)).toBe(0);
    expect(await viewing()).toBe(0);
    const keys = liveEventKeys(slug);
    expect(await redis.exists(keys.visitors, keys.visitorTabs)).toBe(0);
    // What is left of the tab counts is the count last published, which shares their hash.
    expect(Object.keys(await redis.hgetall(keys.visitorTabCounts)).sort()).toEqual(['at', 'count']);
  });

  it('counts two visitors as two and publishes each change of the count only', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const changes = await listenToChanges(redis, slug);

    // A second apart: no change is held back (see 'coalesces a burst of joins' below).
    for (const step of [
      () => joinProject(slug, ALICE[0], ctx),
      () => joinProject(slug, ALICE[0], ctx),
      () => joinProject(slug, ALICE[1], ctx),
      async () => expect(await joinProject(slug, BOB, ctx)).toBe(2),
      () => leaveProject(slug, ALICE[0], ctx),
    ]) {
      await step();
      clock.advance(SECOND);
    }

    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(2);
    expect((await changes.takeChanges()).map((change) => change.type === 'visitors-changed' && change.count)).toEqual([
      1, 2,
    ]);
    await changes.close();
  });

  it('drops the tabs of a crashed server (no leave, no heartbeat) within one window', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const keys = liveEventKeys(slug);
    await joinProject(slug, ALICE[0], ctx);
    await joinProject(slug, ALICE[1], ctx);
    clock.advance(30 * SECOND);
    await joinProject(slug, BOB, ctx);

    clock.advance(30 * SECOND);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1);
    expect(await joinProject(slug, tab('visitor-carol', 'tab-c'), ctx)).toBe(2);
    expect(await redis.zscore(keys.visitors, ALICE[0].visitorId)).toBeNull();
    expect(await redis.hexists(keys.visitorTabCounts, ALICE[0].visitorId)).toBe(0);
  });

  it('publishes the drop when a join is what prunes a crashed server’s tabs', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await joinProject(slug, BOB, ctx);
    clock.advance(30 * SECOND);
    await joinProject(slug, ALICE[0], ctx);
    const changes = await listenToChanges(redis, slug);
    clock.advance(31 * SECOND);
    // Bob's server crashed; Alice opening a second tab prunes him and keeps the count at 1 + 0.
    expect(await joinProject(slug, ALICE[1], ctx)).toBe(1);
    expect((await changes.takeChanges()).map((change) => change.type === 'visitors-changed' && change.count)).toEqual([
      1,
    ]);
    await changes.close();
  });

  it('keeps counts exact when a crashed server’s tabs reconnect elsewhere: the last close still removes at once', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await joinProject(slug, ALICE[0], ctx);
    clock.advance(20 * SECOND);
    // The instance holding tab 1 died; the page reconnects to another instance as a new tab.
    await joinProject(slug, ALICE[1], ctx);
    clock.advance(45 * SECOND);
    await heartbeatVisitors(slug, [ALICE[1]], ctx);
    expect(await redis.hget(liveEventKeys(slug).visitorTabCounts, ALICE[0].visitorId)).toBe('1');

    expect(await leaveProject(slug, ALICE[1], ctx)).toBe(0);
  });

  it('keeps a visitor alive past the window while their server sends heartbeats', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await joinProject(slug, ALICE[0], ctx);
    await joinProject(slug, ALICE[1], ctx);

    for (let beat = 0; beat < 4; beat++) {
      clock.advance(30 * SECOND);
      expect(await heartbeatVisitors(slug, [ALICE[0], ALICE[1]], ctx)).toBe(1);
    }
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1);
    expect(await leaveProject(slug, ALICE[0], ctx)).toBe(1);

    clock.advance(60 * SECOND);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(0);
  });

  it('rejects joining an unknown project', async () => {
    await expect(joinProject(uniqueSlug(), BOB, liveContext(redis, testClock()))).rejects.toMatchObject({
      what: 'project',
    });
  });
});
