import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents, joinProject, publishNews, readLiveSnapshot, recordContribution } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { DEFAULT_WINDOWS, HOUR } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, testClock } from '../support';

/** PRUNE_BATCH in prune-expired.lua and PRUNE_TABS in presence.lua. */
const BATCH = 500;
const BACKLOG = 10_000;

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const old = (i: number) => `old-${i}`;

/** Stores `count` members scored `at` in `zset` (and a field each in `hash`), as a burst long past would have. */
async function fill(zset: string, at: number, count: number, hash?: string, member = old): Promise<void> {
  for (let first = 0; first < count; first += 1_000) {
    const ids = Array.from({ length: Math.min(1_000, count - first) }, (_, i) => member(first + i));
    await redis.zadd(zset, ...ids.flatMap((id) => [at, id]));
    if (hash) await redis.hset(hash, ...ids.flatMap((id) => [id, JSON.stringify([1, 'Old'])]));
  }
}

describe('a write prunes a bounded batch of expired members, and every count stays exact', () => {
  it('one contribution after 10,000 expired removes 500 of them; the snapshot and the change count only the live one', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await fill(keys.contributions, clock.now() - 25 * HOUR, BACKLOG, keys.contributionDetails);
    await fill(keys.contributors, clock.now() - 25 * HOUR, BACKLOG);
    const changes = await listenToChanges(redis, slug);

    const { count } = await recordContribution(slug, { id: 'now', name: 'Ada', amount: 5 }, ctx);

    expect(await redis.zcard(keys.contributions)).toBe(BACKLOG - BATCH + 1);
    expect(await redis.zcard(keys.contributors)).toBe(BACKLOG - BATCH + 1);
    expect(await redis.hlen(keys.contributionDetails)).toBe(BACKLOG - BATCH + 1);
    expect(count).toBe(1);
    expect((await readLiveSnapshot(slug, ctx)).contributions.count).toBe(1);
    expect(
      (await changes.takeChanges()).map((change) => change.type === 'contribution-recorded' && change.count),
    ).toEqual([1]);
    await changes.close();

    // Later writes finish the job, a batch each.
    for (let write = 1; write < BACKLOG / BATCH; write++)
      await recordContribution(slug, { name: 'Grace', amount: 1 }, ctx);
    expect(await redis.zcard(keys.contributions)).toBe(BACKLOG / BATCH);
    expect(await redis.hlen(keys.contributionDetails)).toBe(BACKLOG / BATCH);
    expect((await readLiveSnapshot(slug, ctx)).contributions.count).toBe(BACKLOG / BATCH);
  });

  it('one news item after 10,000 expired removes 500 of them', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    await fill(keys.news, clock.now() - DEFAULT_WINDOWS.news - HOUR, BACKLOG, keys.newsDetails);

    await publishNews(slug, { id: 'fresh', title: 'Fresh', url: 'https://example.com/' }, liveContext(redis, clock));

    expect(await redis.zcard(keys.news)).toBe(BACKLOG - BATCH + 1);
    expect((await readLiveSnapshot(slug, liveContext(redis, clock))).news.map((item) => item.id)).toEqual(['fresh']);
  });

  it('an import removes a batch plus as many as it adds, no more', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    await fill(keys.contributions, clock.now() - 25 * HOUR, BACKLOG, keys.contributionDetails);
    const events = ['a', 'b', 'c'].map((id) => ({
      kind: 'contribution' as const,
      id,
      name: 'Ada',
      amount: 1,
      at: clock.now() - HOUR,
    }));

    await importEvents(slug, events, liveContext(redis, clock));

    expect(await redis.zcard(keys.contributions)).toBe(BACKLOG - (BATCH + 3) + 3);
    expect((await readLiveSnapshot(slug, liveContext(redis, clock))).contributions.count).toBe(3);
  });

  it('one join after 10,000 tabs of a crashed instance drops 500 of them, and counts exactly one viewer', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const gone = clock.now() - 2 * DEFAULT_WINDOWS.visitors;
    // A tab is "visitor|tab"; each old visitor has one tab.
    await fill(keys.visitorTabs, gone, BACKLOG, undefined, (i) => `${old(i)}|tab`);
    await fill(keys.visitors, gone, BACKLOG);
    for (let first = 0; first < BACKLOG; first += 1_000) {
      await redis.hset(keys.visitorTabCounts, ...Array.from({ length: 1_000 }, (_, i) => [old(first + i), '1']).flat());
    }
    const changes = await listenToChanges(redis, slug);

    expect(await joinProject(slug, { visitorId: 'visitor-new', tabId: 'tab-new' }, ctx)).toBe(1);

    expect(await redis.zcard(keys.visitorTabs)).toBe(BACKLOG - BATCH + 1);
    expect(await redis.zcard(keys.visitors)).toBe(BACKLOG - BATCH + 1);
    expect((await readLiveSnapshot(slug, ctx)).visitors.count).toBe(1);
    expect((await changes.takeChanges()).map((change) => change.type === 'visitors-changed' && change.count)).toEqual([
      1,
    ]);
    await changes.close();
  });
});
