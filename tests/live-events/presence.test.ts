import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatVisitors, joinProject, leaveProject, readLiveSnapshot } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { SECOND } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: Redis;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const ALICE = 'visitor-alice';
const BOB = 'visitor-bob';

describe('presence counts people, not tabs', () => {
  it('counts one visitor with three tabs once until the last tab closes, then drops at once', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const viewing = async () => (await readLiveSnapshot(slug, ctx)).visitors.count;

    expect([await joinProject(slug, ALICE, ctx), await joinProject(slug, ALICE, ctx), await joinProject(slug, ALICE, ctx)]).toEqual([1, 1, 1]);
    expect(await viewing()).toBe(1);

    expect([await leaveProject(slug, ALICE, ctx), await leaveProject(slug, ALICE, ctx)]).toEqual([1, 1]);
    expect(await viewing()).toBe(1);

    expect(await leaveProject(slug, ALICE, ctx)).toBe(0);
    expect(await viewing()).toBe(0);
    expect(await redis.exists(liveEventKeys(slug).visitors, liveEventKeys(slug).visitorTabs)).toBe(0);
  });

  it('counts two visitors as two and publishes each change of the count only', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const changes = await listenToChanges(redis, slug);

    await joinProject(slug, ALICE, ctx);
    await joinProject(slug, ALICE, ctx);
    expect(await joinProject(slug, BOB, ctx)).toBe(2);
    await leaveProject(slug, ALICE, ctx);

    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(2);
    expect((await changes.takeChanges()).map((change) => change.type === 'visitors-changed' && change.count)).toEqual([1, 2]);
    await changes.close();
  });

  it('ages out a visitor whose server crashed (no leave, no heartbeat) within one window', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const keys = liveEventKeys(slug);
    await joinProject(slug, ALICE, ctx);
    await joinProject(slug, ALICE, ctx);
    clock.advance(30 * SECOND);
    await joinProject(slug, BOB, ctx);

    clock.advance(30 * SECOND);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1);

    expect(await joinProject(slug, 'visitor-carol', ctx)).toBe(2);
    expect(await redis.zscore(keys.visitors, ALICE)).toBeNull();
    expect(await redis.hexists(keys.visitorTabs, ALICE)).toBe(0);
  });

  it('counts a returning visitor afresh after they aged out', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await joinProject(slug, ALICE, ctx);
    await joinProject(slug, ALICE, ctx);
    clock.advance(61 * SECOND);

    await joinProject(slug, ALICE, ctx);

    expect(await redis.hget(liveEventKeys(slug).visitorTabs, ALICE)).toBe('1');
    expect(await leaveProject(slug, ALICE, ctx)).toBe(0);
  });

  it('keeps a visitor alive past the window while their server sends heartbeats', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const tabs = new Map([[ALICE, 2]]);
    await joinProject(slug, ALICE, ctx);
    await joinProject(slug, ALICE, ctx);

    for (let beat = 0; beat < 4; beat++) {
      clock.advance(30 * SECOND);
      expect(await heartbeatVisitors(slug, tabs, ctx)).toBe(1);
    }
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1);
    expect(await leaveProject(slug, ALICE, ctx)).toBe(1);

    clock.advance(60 * SECOND);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(0);
  });

  it('rejects joining an unknown project', async () => {
    await expect(joinProject(uniqueSlug(), ALICE, liveContext(redis, testClock()))).rejects.toMatchObject({ what: 'project' });
  });
});
