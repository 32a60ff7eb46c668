import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatVisitors, importEvents, joinProject, publishNews, recordContribution } from '../../lib/live-events';
import { ACTIVITY_TTL_MS } from '../../lib/live-events/activity';
import { liveEventKeys } from '../../lib/live-events/keys';
import { DEFAULT_WINDOWS, HOUR, MINUTE, type Windows } from '../../lib/live-events/windows';
import { connect, createProject, keysMatching, liveContext, liveKeyTtls, testClock } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const windowOf = (windows: Windows): Record<string, number> => ({
  contributions: windows.contributions,
  contributors: windows.contributors,
  contributionDetails: Math.max(windows.contributions, windows.contributors),
  news: windows.news,
  newsDetails: windows.news,
  visitors: windows.visitors,
  visitorTabs: windows.visitors,
  visitorTabCounts: windows.visitors,
  visitorsPublished: windows.visitors,
  activity: ACTIVITY_TTL_MS,
});

function expectTtlsWithinWindows(ttls: Record<string, number>, windows: Windows): void {
  const limits = windowOf(windows);
  for (const [key, ttl] of Object.entries(ttls)) {
    expect(ttl, key).toBeGreaterThan(0);
    expect(ttl, key).toBeLessThanOrEqual(limits[key]!);
  }
}

describe('live-event keys expire so that an idle project leaves none behind', () => {
  it('gives every key written by each kind of event a TTL no longer than its window', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { name: 'Ada', amount: 5 }, ctx);
    await publishNews(slug, { title: 'Hello', url: 'https://example.com/' }, ctx);
    await joinProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx);

    const ttls = await liveKeyTtls(redis, slug);

    expect(Object.keys(ttls)).toHaveLength(10);
    expectTtlsWithinWindows(ttls, DEFAULT_WINDOWS);
    expect(ttls.contributors).toBeGreaterThan(DEFAULT_WINDOWS.contributors - MINUTE);
    expect(ttls.contributions).toBeGreaterThan(DEFAULT_WINDOWS.contributions - MINUTE);
  });

  it('refreshes the TTLs on every write', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    const keys = liveEventKeys(slug);
    await recordContribution(slug, { name: 'Ada', amount: 5 }, ctx);
    await publishNews(slug, { title: 'Hello', url: 'https://example.com/' }, ctx);
    await joinProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx);
    for (const key of [
      keys.contributions,
      keys.contributors,
      keys.contributionDetails,
      keys.news,
      keys.newsDetails,
      keys.visitors,
      keys.visitorTabs,
      keys.visitorTabCounts,
      keys.visitorsPublished,
      keys.activity,
    ]) {
      await redis.pexpire(key, 1_000);
    }

    await recordContribution(slug, { name: 'Grace', amount: 5 }, ctx);
    await publishNews(slug, { title: 'Again', url: 'https://example.com/' }, ctx);
    await heartbeatVisitors(slug, [{ visitorId: 'visitor-1', tabId: 'tab-1' }], ctx);

    const ttls = await liveKeyTtls(redis, slug);
    expect(Math.min(...Object.values(ttls))).toBeGreaterThan(1_000);
    expectTtlsWithinWindows(ttls, DEFAULT_WINDOWS);
  });

  it('gives imported events TTLs within their windows', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await importEvents(
      slug,
      [
        { kind: 'contribution', id: 'c1', name: 'Ada', amount: 5, at: clock.now() - MINUTE },
        { kind: 'news', id: 'n1', title: 'Old', url: 'https://example.com/', at: clock.now() - HOUR },
      ],
      ctx,
    );

    const { visitors, visitorTabs, visitorTabCounts, visitorsPublished, ...ttls } = await liveKeyTtls(redis, slug);

    expect([visitors, visitorTabs, visitorTabCounts, visitorsPublished]).toEqual([-2, -2, -2, -2]);
    expectTtlsWithinWindows(ttls, DEFAULT_WINDOWS);
    expect(ttls.activity).toBeGreaterThan(ACTIVITY_TTL_MS - MINUTE);
  });

  it('removes every live-event key of a project once its windows have passed, but its activity feed', async () => {
    const windows: Windows = { contributions: 1_500, contributors: 1_000, news: 1_500, visitors: 1_000 };
    const slug = await createProject(redis);
    const ctx = { redis, windows, now: Date.now };
    await recordContribution(slug, { name: 'Ada', amount: 5 }, ctx);
    await publishNews(slug, { title: 'Hello', url: 'https://example.com/' }, ctx);
    await joinProject(slug, { visitorId: 'visitor-1', tabId: 'tab-1' }, ctx);
    expectTtlsWithinWindows(await liveKeyTtls(redis, slug), windows);

    await new Promise((resolve) => setTimeout(resolve, 1_600));

    // The feed is history, not a window: it outlives them, and expires a month after its last push.
    // So are the home-feed entries (lib/feed): 30 days each, the project's list of them likewise.
    // The backers and the ledger are the project's own, for its life, as its info is.
    const left = await keysMatching(redis, `{project:${slug}}:*`);
    const feedKeys = left.filter((key) => key.includes(':feed-'));
    expect(left.filter((key) => !feedKeys.includes(key))).toEqual([
      `{project:${slug}}:activity`,
      `{project:${slug}}:info`,
      `{project:${slug}}:ledger`,
    ]);
    expect(await redis.pttl(`{project:${slug}}:activity`)).toBeGreaterThan(ACTIVITY_TTL_MS - MINUTE);
    for (const key of feedKeys) expect(await redis.pttl(key), key).toBeGreaterThan(29 * 24 * 3_600_000);
  });
});
