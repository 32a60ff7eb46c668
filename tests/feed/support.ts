import { randomBytes } from 'node:crypto';
import type { FeedConfig } from '../../lib/feed/config';
import { DAY_MS } from '../../lib/feed/config';
import type { FeedContext } from '../../lib/feed/context';
import { follow, readFeed } from '../../lib/feed';
import type { FeedEntry } from '../../lib/feed/entries';
import { feedWorkKeysTagged, projectFeedKeys, visitorFeedKeys } from '../../lib/feed/keys';
import { feedHook } from '../../lib/feed/hook';
import { activityArgs } from '../../lib/live-events/activity';
import { readLiveSnapshot } from '../../lib/live-events';
import { publishNews } from '../../lib/live-events/scripts';
import type { LiveEventsContext } from '../../lib/live-events/context';
import { liveEventKeys } from '../../lib/live-events/keys';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import { afterAll, beforeAll } from 'vitest';
import { closeRedis, getRedis, waitUntilReady, type RedisClient } from '../../lib/redis/client';
import { ensureVisitorSecret } from '../../lib/visitors/cookie';
import {
  createProject,
  listenTo,
  testClock,
  useTestRedisForTheApp,
  type ChannelListener,
  type TestClock,
} from '../support';

/** This file's own work list: its workers claim its projects only, whatever other files run beside it. */
const WORK_TAG = `feed-test-${randomBytes(6).toString('hex')}`;
export const testWorkKeys = feedWorkKeysTagged(WORK_TAG);

export const testFeedConfig = (overrides: Partial<FeedConfig> = {}): FeedConfig => ({
  workTag: WORK_TAG,
  fanoutMaxFollowers: 10_000,
  idleMs: 14 * DAY_MS,
  maxFollows: 200,
  followsTtlMs: 365 * DAY_MS,
  cap: 200,
  slack: 10,
  entryTtlMs: 30 * DAY_MS,
  ...overrides,
});

export function feedContexts(
  redis: RedisClient,
  clock: TestClock,
  config: FeedConfig,
): { feed: FeedContext; live: LiveEventsContext } {
  return {
    feed: { redis, config, now: clock.now },
    live: { redis, windows: DEFAULT_WINDOWS, now: clock.now, feed: config },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newVisitor(): string {
  return `v${randomBytes(8).toString('base64url')}`;
}

/** `count` visitors who follow `slug` and have read their feed once (an active feed is fed). */
export async function followers(ctx: FeedContext, slug: string, count: number): Promise<string[]> {
  const visitors = Array.from({ length: count }, newVisitor);
  for (let i = 0; i < visitors.length; i += 100) {
    await Promise.all(
      visitors.slice(i, i + 100).map(async (visitor) => {
        await follow(ctx, visitor, slug);
        await readFeed(ctx, visitor, { limit: 1 });
      }),
    );
  }
  return visitors;
}

/** A visitor who follows these projects and has read their feed once (an active feed is fed). */
export async function readerOf(ctx: FeedContext, slugs: string[]): Promise<string> {
  const visitor = newVisitor();
  for (const slug of slugs) await follow(ctx, visitor, slug);
  await readFeed(ctx, visitor, { limit: 1 });
  return visitor;
}

/** The raw references in each visitor's feed list. */
export async function feedLists(redis: RedisClient, visitors: string[]): Promise<string[][]> {
  return Promise.all(visitors.map((visitor) => redis.lrange(visitorFeedKeys(visitor).entries, 0, -1)));
}

/**
 * For a file that calls the route handlers: their own client on the test's Redis, with a visitor
 * secret, ready before the file's tests and closed after them; `take` receives it.
 */
export function useRoutesRedis(take: (redis: RedisClient) => void): void {
  beforeAll(async () => {
    useTestRedisForTheApp();
    ensureVisitorSecret();
    const redis = getRedis();
    await waitUntilReady(redis);
    take(redis);
  });
  afterAll(() => closeRedis());
}

/**
 * A news item published as if its instance died right after the script answered: the message
 * is in the project's stream, but the project was never marked in `{feed}:work`.
 */
export async function publishNewsUnmarked(live: LiveEventsContext, slug: string, id: string): Promise<void> {
  const keys = liveEventKeys(slug);
  const feed = feedHook(slug, live);
  const { feedWork: work } = await publishNews.run(
    live.redis,
    { ...keys, details: keys.newsDetails, feed: feed.keys },
    {
      now: live.now(),
      id,
      title: `News ${id}`,
      url: 'https://example.com/n',
      newsWindow: live.windows.news,
      slug,
      timeline: [...activityArgs()],
      feedSettings: feed.arg,
    },
  );
  if (work !== 1) throw new Error(`expected the news item queued, got ${String(work)}`);
}

/** A message of a project's feed channel, as open feed pages receive it. */
export type FeedMessage = {
  type: string;
  ref: string;
  entry?: { kind: string; contributions?: string; backers?: string };
};

/**
 * A new project with one follower who has read their feed, on a clock of its own, its feed channel
 * listened to: `pageCounts` are the figures its page shows, `backersEntry` the follower's
 * "N contributions from M backers", `messages` what the channel said since last asked.
 */
export async function followedProject(redis: RedisClient) {
  const slug = await createProject(redis);
  const clock = testClock(Date.UTC(2026, 10, 23, 10, 5));
  const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig());
  const [visitor] = await followers(ctx, slug, 1);
  const channel = await listenTo(redis, projectFeedKeys(slug).channel);
  const pageCounts = async () => {
    const snapshot = await readLiveSnapshot(slug, live);
    return { contributions: (snapshot.contributions as { count: number }).count, backers: snapshot.backers };
  };
  const backersEntry = async () =>
    (await readFeed(ctx, visitor!, { limit: 10 })).entries.find(
      (entry): entry is Extract<FeedEntry, { kind: 'backers' }> => entry.kind === 'backers',
    );
  const messages = async (of: ChannelListener = channel) =>
    (await of.take()).map((message) => JSON.parse(message) as FeedMessage);
  return { slug, clock, ctx, live, visitor: visitor!, channel, pageCounts, backersEntry, messages };
}
