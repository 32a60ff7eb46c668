import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import { cancelContribution, readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { applyChange, stateFromSnapshot } from '../../lib/live-events/client-state';
import { HOUR, MINUTE } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('recordContribution', () => {
  it('counts the contribution, lists the contributor and adds the amount to raised', async () => {
    const slug = await createProject(redis, 1_000);
    const clock = testClock();
    const ctx = liveContext(redis, clock);

    const first = await recordContribution(slug, { id: 'c1', name: 'Ada', amount: 25 }, ctx);
    clock.advance(1_000);
    const second = await recordContribution(slug, { name: 'Grace', amount: 40 }, ctx);

    expect(first).toEqual({
      id: 'c1',
      at: clock.now() - 1_000,
      created: true,
      count: 1,
      raised: 1_025,
      amount: 25,
      cancelled: false,
    });
    expect(second).toMatchObject({ at: clock.now(), created: true, count: 2, raised: 1_065 });
    expect(second.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.raised).toBe(1_065);
    expect(snapshot.contributions.count).toBe(2);
    expect(snapshot.contributors).toEqual([
      { id: second.id, name: 'Grace', amount: 40, at: second.at },
      { id: 'c1', name: 'Ada', amount: 25, at: first.at },
    ]);
  });

  it('counts the same id once and answers a repeat with the original time', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const original = await recordContribution(slug, { id: 'same', name: 'Ada', amount: 25 }, ctx);
    clock.advance(5 * MINUTE);

    const repeat = await recordContribution(slug, { id: 'same', name: 'Someone else', amount: 999 }, ctx);

    expect(repeat).toEqual({
      id: 'same',
      at: original.at,
      created: false,
      count: 1,
      raised: 25,
      amount: 25,
      cancelled: false,
    });
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributions.count).toBe(1);
    expect(snapshot.contributors).toEqual([{ id: 'same', name: 'Ada', amount: 25, at: original.at }]);
  });

  it('rejects an unknown project and writes no key for it', async () => {
    const slug = uniqueSlug();
    const ctx = liveContext(redis, testClock());

    await expect(recordContribution(slug, { name: 'Ada', amount: 5 }, ctx)).rejects.toThrow(NotFoundError);
    expect(await redis.exists(...Object.values(liveEventKeys(slug)))).toBe(0);
  });
});

describe('cancelContribution', () => {
  it('removes it from both windows, subtracts its amount and publishes the cancellation', async () => {
    const slug = await createProject(redis, 100);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'keep', name: 'Ada', amount: 10 }, ctx);
    await recordContribution(slug, { id: 'gone', name: 'Grace', amount: 30 }, ctx);
    const changes = await listenToChanges(redis, slug);

    const result = await cancelContribution(slug, 'gone', ctx);

    expect(result).toEqual({ count: 1, raised: 110, backers: 1 });
    const keys = liveEventKeys(slug);
    expect(await redis.zscore(keys.contributions, 'gone')).toBeNull();
    expect(await redis.zscore(keys.contributors, 'gone')).toBeNull();
    expect(await redis.hexists(keys.contributionDetails, 'gone')).toBe(0);
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributors.map((c) => c.id)).toEqual(['keep']);
    expect(snapshot.raised).toBe(110);
    expect(await changes.takeChanges()).toEqual([
      expect.objectContaining({
        type: 'contribution-cancelled',
        slug,
        id: 'gone',
        counted: true,
        count: 1,
        raised: 110,
      }),
    ]);
    await changes.close();
  });

  it('cancels a contribution still counted after it left the contributors list', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'old', name: 'Ada', amount: 50 }, ctx);
    clock.advance(45 * MINUTE);

    expect(await cancelContribution(slug, 'old', ctx)).toEqual({ count: 0, raised: 0, backers: 0 });
    expect((await readLiveSnapshot(slug, ctx)).contributions.count).toBe(0);
  });

  it('cancelling a contribution past its 24 hours, not yet pruned, publishes counted: false, and an open page keeps the exact count', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'old', name: 'Ada', amount: 50 }, ctx);
    clock.advance(24 * HOUR + MINUTE);
    // No write since: still stored, past the 24-hour window, so no page counts it.
    expect(await redis.zscore(liveEventKeys(slug).contributions, 'old')).not.toBeNull();
    const page = stateFromSnapshot(await readLiveSnapshot(slug, ctx), clock.now());
    expect(page.counters.contributions!.count).toBe(0);
    const changes = await listenToChanges(redis, slug);

    expect(await cancelContribution(slug, 'old', ctx)).toEqual({ count: 0, raised: 0, backers: 0 });

    const [cancelled] = await changes.takeChanges();
    expect(cancelled).toMatchObject({ type: 'contribution-cancelled', id: 'old', counted: false, count: 0 });
    const after = applyChange(page, cancelled!);
    expect(after !== 'resync' && after.counters.contributions!.count).toBe(
      (await readLiveSnapshot(slug, ctx)).contributions.count,
    );
    await changes.close();
  });

  it('throws NotFoundError for an unknown id, a second cancel and an unknown project', async () => {
    const slug = await createProject(redis, 100);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'once', name: 'Ada', amount: 10 }, ctx);
    await cancelContribution(slug, 'once', ctx);

    await expect(cancelContribution(slug, 'never', ctx)).rejects.toMatchObject({
      name: 'NotFoundError',
      what: 'contribution',
    });
    await expect(cancelContribution(slug, 'once', ctx)).rejects.toMatchObject({ what: 'contribution' });
    await expect(cancelContribution(uniqueSlug(), 'once', ctx)).rejects.toMatchObject({ what: 'project' });
    expect((await readLiveSnapshot(slug, ctx)).raised).toBe(100);
  });
});
