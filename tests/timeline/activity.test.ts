import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import {
  cancelContribution,
  importEvents,
  publishNews,
  readLiveSnapshot,
  recordContribution,
  unpublishNews,
} from '../../lib/live-events';
import { ACTIVITY_TTL_MS, activityLimits, readActivity } from '../../lib/live-events/activity';
import { liveEventKeys } from '../../lib/live-events/keys';
import { MINUTE } from '../../lib/live-events/windows';
import { connect, createProject, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const news = (id: string) => ({ id, title: `News ${id}`, url: `https://example.org/${id}` });

describe("a project's activity feed, written by the same scripts as its live events", () => {
  it('lists contributions and news newest first, each once, and takes off what is cancelled or unpublished', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'c1', name: 'Ada', amount: 25 }, ctx);
    clock.advance(1_000);
    await publishNews(slug, news('n1'), ctx);
    clock.advance(1_000);
    await recordContribution(slug, { id: 'c2', name: 'Grace', amount: 10 }, ctx);
    await recordContribution(slug, { id: 'c2', name: 'Grace', amount: 10 }, ctx); // sent again: not listed twice
    await publishNews(slug, news('n1'), ctx);

    const start = clock.now() - 2_000;
    expect(await readActivity(slug, {}, ctx)).toEqual({
      items: [
        { seq: 3, kind: 'contribution', id: 'c2', name: 'Grace', amount: 10, at: start + 2_000 },
        { seq: 2, kind: 'news', ...news('n1'), at: start + 1_000 },
        { seq: 1, kind: 'contribution', id: 'c1', name: 'Ada', amount: 25, at: start },
      ],
      nextCursor: null,
    });

    await cancelContribution(slug, 'c1', ctx);
    await unpublishNews(slug, 'n1', ctx);
    expect((await readActivity(slug, {}, ctx)).items.map((item) => item.id)).toEqual(['c2']);
  });

  it('pages by cursor, and the snapshot carries the first page', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    for (let i = 1; i <= 25; i++) await recordContribution(slug, { id: `c${i}`, name: 'Ada', amount: i }, ctx);
    const head = (await readLiveSnapshot(slug, ctx)).activity;
    expect(head.items.map((item) => item.seq)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(head.nextCursor).toBe(16);
    const next = await readActivity(slug, { limit: 10, before: head.nextCursor! }, ctx);
    expect(next.items.map((item) => item.seq)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    const last = await readActivity(slug, { limit: 10, before: next.nextCursor! }, ctx);
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.items.map((item) => item.seq)).toEqual([5, 4, 3, 2, 1]);
  });

  it('gets imported events in time order, whatever order they were sent in, and only those imported', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const at = clock.now();
    await recordContribution(slug, { id: 'live', name: 'Ada', amount: 5 }, ctx);
    const { imported, skipped } = await importEvents(
      slug,
      [
        { kind: 'contribution', id: 'mid', name: 'Lin', amount: 7, at: at - 10 * MINUTE },
        { kind: 'news', id: 'newest', title: 'Old news', url: 'https://example.org/', at: at - 5 * MINUTE },
        { kind: 'contribution', id: 'oldest', name: 'Bo', amount: 3, at: at - 20 * MINUTE },
        { kind: 'contribution', id: 'expired', name: 'Cy', amount: 3, at: at - 48 * 60 * MINUTE },
        { kind: 'contribution', id: 'live', name: 'Ada', amount: 5, at: at - MINUTE },
      ],
      ctx,
    );
    expect({ imported, skipped }).toEqual({ imported: 3, skipped: 2 });
    // Arrival order: the imported batch arrived after `live`, each entry keeps its own time.
    expect((await readActivity(slug, {}, ctx)).items.map((item) => [item.seq, item.id, item.at])).toEqual([
      [4, 'newest', at - 5 * MINUTE],
      [3, 'mid', at - 10 * MINUTE],
      [2, 'oldest', at - 20 * MINUTE],
      [1, 'live', at],
    ]);
    await cancelContribution(slug, 'mid', ctx);
    expect((await readActivity(slug, {}, ctx)).items.map((item) => item.id)).toEqual(['newest', 'oldest', 'live']);
  });

  it('pushes only the newest entries of a batch bigger than the feed', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const { cap } = activityLimits();
    const events = Array.from({ length: cap + 50 }, (_, i) => ({
      kind: 'contribution' as const,
      id: `i${i}`,
      name: 'Lin',
      amount: 1,
      at: clock.now() - (i + 1) * 1_000,
    }));
    expect((await importEvents(slug, events, ctx)).imported).toBe(cap + 50);
    expect(await redis.llen(liveEventKeys(slug).activity)).toBe(cap);
    const head = await readActivity(slug, { limit: 2 }, ctx);
    expect(head.items.map((item) => item.id)).toEqual(['i0', 'i1']);
    expect(head.items[0]!.seq).toBe(cap);
    // An event of the batch that never reached the feed is still cancelled like any other.
    await expect(cancelContribution(slug, `i${cap + 49}`, ctx)).resolves.toBeDefined();
    expect(await redis.llen(liveEventKeys(slug).activity)).toBe(cap);
  });

  it('cancels a contribution whose entry was trimmed away without touching the feed', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const { cap, slack } = activityLimits();
    await recordContribution(slug, { id: 'first', name: 'Ada', amount: 5 }, ctx);
    for (let i = 0; i < cap + slack; i++) await recordContribution(slug, { id: `c${i}`, name: 'Bo', amount: 1 }, ctx);
    const before = await redis.lrange(liveEventKeys(slug).activity, 0, -1);
    await cancelContribution(slug, 'first', ctx);
    expect(await redis.lrange(liveEventKeys(slug).activity, 0, -1)).toEqual(before);
  });

  it('expires a month after the last event, refreshed by every push', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const { activity } = liveEventKeys(slug);
    await recordContribution(slug, { name: 'Ada', amount: 5 }, ctx);
    await redis.pexpire(activity, 1_000);
    await publishNews(slug, news('n1'), ctx);
    expect(await redis.pttl(activity)).toBeGreaterThan(ACTIVITY_TTL_MS - MINUTE);
  });

  it('answers not found for an unknown project', async () => {
    await expect(readActivity(uniqueSlug(), {}, liveContext(redis, testClock()))).rejects.toBeInstanceOf(NotFoundError);
  });
});
