import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents, joinProject, publishNews, readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { SNAPSHOT_LIMITS } from '../../lib/live-events/limits';
import { DEFAULT_WINDOWS, HOUR, MINUTE, SECOND } from '../../lib/live-events/windows';
import { connect, createProject, liveContext, testClock } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('each kind of live event has its own window', () => {
  it('uses the windows of the spec by default', () => {
    expect(DEFAULT_WINDOWS).toEqual({
      contributions: 24 * HOUR,
      contributors: 30 * MINUTE,
      news: 24 * HOUR,
      visitors: 60 * SECOND,
    });
  });

  it('lists a contributor for 30 minutes and counts the contribution for 24 hours', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const { at } = await recordContribution(slug, { id: 'c1', name: 'Ada', amount: 10 }, ctx);

    clock.advance(30 * MINUTE - 1);
    let snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributors.map((c) => c.id)).toEqual(['c1']);

    clock.advance(1);
    snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributors).toEqual([]);
    expect(snapshot.contributions).toEqual({ count: 1, expiring: [at], expiringComplete: true });

    clock.advance(24 * HOUR - 30 * MINUTE - 1);
    expect((await readLiveSnapshot(slug, ctx)).contributions.count).toBe(1);

    clock.advance(1);
    snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributions).toEqual({ count: 0, expiring: [], expiringComplete: true });
    expect(snapshot.raised).toBe(10);
  });

  it('shows news for 24 hours', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const { at } = await publishNews(slug, { id: 'n1', title: 'Shipped', url: 'https://example.com/shipped' }, ctx);

    clock.advance(24 * HOUR - 1);
    expect((await readLiveSnapshot(slug, ctx)).news).toEqual([
      { id: 'n1', title: 'Shipped', url: 'https://example.com/shipped', at },
    ]);

    clock.advance(1);
    expect((await readLiveSnapshot(slug, ctx)).news).toEqual([]);
  });

  it('counts a visitor for 60 seconds after their last sign of life', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await joinProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx);

    clock.advance(60 * SECOND - 1);
    expect((await readLiveSnapshot(slug, ctx)).visitors).toEqual({ count: 1 });

    clock.advance(1);
    expect((await readLiveSnapshot(slug, ctx)).visitors).toEqual({ count: 0 });
  });

  it('lists the oldest contribution times ascending and drops each as it expires', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const a = await recordContribution(slug, { id: 'a', name: 'A', amount: 1 }, ctx);
    clock.advance(5 * SECOND);
    const b = await recordContribution(slug, { id: 'b', name: 'B', amount: 1 }, ctx);
    clock.advance(2 * HOUR);
    const c = await recordContribution(slug, { id: 'c', name: 'C', amount: 1 }, ctx);

    expect((await readLiveSnapshot(slug, ctx)).contributions.expiring).toEqual([a.at, b.at, c.at]);

    clock.set(a.at + 24 * HOUR + SECOND);
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributions.expiring).toEqual([b.at, c.at]);
    expect(snapshot.contributions.count).toBe(2);
    expect(snapshot.serverTime).toBe(clock.now());
  });

  it('orders contributors newest first', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    for (const id of ['first', 'second', 'third']) {
      await recordContribution(slug, { id, name: id, amount: 1 }, ctx);
      clock.advance(MINUTE);
    }

    expect((await readLiveSnapshot(slug, ctx)).contributors.map((c) => c.id)).toEqual(['third', 'second', 'first']);
  });

  it('cuts the expiring times at the snapshot limit and says the list is incomplete', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const times = Array.from({ length: SNAPSHOT_LIMITS.expiring + 1 }, (_, i) => clock.now() - 10 * HOUR + i * SECOND);
    await importEvents(
      slug,
      times.toReversed().map((at, i) => ({ kind: 'contribution', id: `c${i}`, name: 'N', amount: 1, at })),
      ctx,
    );

    const { contributions } = await readLiveSnapshot(slug, ctx);
    expect(contributions.count).toBe(times.length);
    expect(contributions.expiring).toEqual(times.slice(0, SNAPSHOT_LIMITS.expiring));
    expect(contributions.expiringComplete).toBe(false);
  });
});
