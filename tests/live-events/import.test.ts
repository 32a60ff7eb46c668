import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents, readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { DEFAULT_WINDOWS, HOUR, MINUTE } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, liveOnlyKeys, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const contribution = (id: string, at: number, amount = 10) =>
  ({ kind: 'contribution', id, name: `Name ${id}`, amount, at }) as const;
const news = (id: string, at: number) =>
  ({ kind: 'news', id, title: `Title ${id}`, url: `https://example.com/${id}`, at }) as const;

describe('importEvents', () => {
  it('keeps original times, skips expired and duplicate events and says how many of each', async () => {
    const slug = await createProject(redis, 1_000);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const now = clock.now();
    await recordContribution(slug, { id: 'already', name: 'Ada', amount: 1 }, ctx);
    const changes = await listenToChanges(redis, slug);

    const result = await importEvents(
      slug,
      [
        contribution('recent', now - 5 * MINUTE, 20),
        contribution('two-hours', now - 2 * HOUR, 30),
        contribution('expired', now - 25 * HOUR, 40),
        contribution('already', now - MINUTE, 50),
        contribution('recent', now - 4 * MINUTE, 60),
        news('fresh', now - HOUR),
        news('stale', now - 24 * HOUR),
      ],
      ctx,
    );

    expect(result).toEqual({ imported: 3, skipped: 4 });
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.raised).toBe(1_000 + 1 + 20 + 30);
    expect(snapshot.contributions.count).toBe(3);
    expect(snapshot.contributions.expiring).toEqual([now - 2 * HOUR, now - 5 * MINUTE, now]);
    expect(snapshot.contributors).toEqual([
      { id: 'already', name: 'Ada', amount: 1, at: now },
      { id: 'recent', name: 'Name recent', amount: 20, at: now - 5 * MINUTE },
    ]);
    expect(snapshot.news).toEqual([
      { id: 'fresh', title: 'Title fresh', url: 'https://example.com/fresh', at: now - HOUR },
    ]);
    expect(await changes.takeChanges()).toEqual([expect.objectContaining({ type: 'events-imported', slug })]);
    await changes.close();
  });

  it('counts a two-hour-old contribution without listing its contributor', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);

    await importEvents(slug, [contribution('c1', clock.now() - 2 * HOUR)], ctx);

    const keys = liveEventKeys(slug);
    expect(await redis.zscore(keys.contributions, 'c1')).toBe(String(clock.now() - 2 * HOUR));
    expect(await redis.zscore(keys.contributors, 'c1')).toBeNull();
    expect(await redis.hexists(keys.contributionDetails, 'c1')).toBe(1);
    const snapshot = await readLiveSnapshot(slug, ctx);
    expect(snapshot.contributions.count).toBe(1);
    expect(snapshot.contributors).toEqual([]);
  });

  it('skips an import made only of expired events without writing or publishing', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const changes = await listenToChanges(redis, slug);

    const result = await importEvents(
      slug,
      [contribution('old', clock.now() - 24 * HOUR), news('old', clock.now() - 30 * HOUR)],
      ctx,
    );

    expect(result).toEqual({ imported: 0, skipped: 2 });
    expect(await redis.exists(...liveOnlyKeys(slug).map(([, key]) => key))).toBe(0);
    expect((await readLiveSnapshot(slug, ctx)).raised).toBe(0);
    expect(await changes.takeChanges()).toEqual([]);
    await changes.close();
  });

  it('imports the events of a wider window when the window is configured wider', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock, { ...DEFAULT_WINDOWS, contributions: 48 * HOUR });

    const result = await importEvents(slug, [contribution('day-and-a-half', clock.now() - 36 * HOUR)], ctx);

    expect(result).toEqual({ imported: 1, skipped: 0 });
    expect((await readLiveSnapshot(slug, ctx)).contributions.count).toBe(1);
  });

  it('throws NotFoundError for an unknown project', async () => {
    const ctx = liveContext(redis, testClock());
    await expect(importEvents(uniqueSlug(), [news('n', ctx.now())], ctx)).rejects.toMatchObject({
      name: 'NotFoundError',
      what: 'project',
    });
  });
});
