import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed, unfollow, workOnce, type FeedContext } from '../../lib/feed';
import { visitorFeedKeys } from '../../lib/feed/keys';
import { publishNews } from '../../lib/live-events';
import type { LiveEventsContext } from '../../lib/live-events/context';
import type { RedisClient } from '../../lib/redis/client';
import { connect, createProject, testClock, type TestClock } from '../support';
import { drainProject } from '../../lib/feed/fanout';
import { feedContexts, feedLists, followers, readerOf, testFeedConfig, testWorkKeys } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

async function publishEach(
  live: LiveEventsContext,
  clock: TestClock,
  slugs: string[],
  rounds: number,
  tag: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const slug of slugs) {
      clock.advance(1_000);
      const id = `${tag}${round}`;
      await publishNews(slug, { id, title: `News ${id}`, url: 'https://example.com/n' }, live);
      ids.unshift(`${slug}:n-${id}`);
    }
  }
  return ids;
}

async function allPages(
  ctx: FeedContext,
  visitor: string,
  limit: number,
  between: () => Promise<void>,
): Promise<string[]> {
  const seen: string[] = [];
  let before: string | undefined;
  do {
    const page = await readFeed(ctx, visitor, { limit, before });
    seen.push(...page.entries.map((entry) => entry.id));
    before = page.nextCursor ?? undefined;
    await between();
  } while (before);
  return seen;
}

describe('reading a feed', () => {
  it('pages by cursor while entries arrive, pushed and merged projects in one order, nothing twice, nothing skipped', async () => {
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig({ fanoutMaxFollowers: 2 }));
    const [small, big] = [await createProject(redis), await createProject(redis)];
    const visitor = await readerOf(ctx, [small, big]);
    await followers(ctx, big, 2);
    expect(await redis.sismember(testWorkKeys.big, big)).toBe(1);

    const before = await publishEach(live, clock, [small, big], 6, 'a');
    await workOnce(ctx, { consumer: 'w' });
    let round = 0;
    const seen = await allPages(ctx, visitor, 5, async () => {
      await publishEach(live, clock, [big, small], 1, `b${round++}-`);
      await workOnce(ctx, { consumer: 'w' });
    });

    expect(seen).toEqual(before);
    // The big project's entries were never pushed: they are merged at read time.
    const [list] = await feedLists(redis, [visitor]);
    expect(list!.every((ref) => ref.includes(`:${small}:`))).toBe(true);
    expect(list!.length).toBeGreaterThan(6);
  });

  it("keeps showing a project's entries made while it was big after it drops below the threshold, in one order, while entries arrive", async () => {
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig({ fanoutMaxFollowers: 2 }));
    const [small, changing] = [await createProject(redis), await createProject(redis)];
    const visitor = await readerOf(ctx, [small, changing]);

    // Small: pushed. Then big (3 followers > 2): merged at read. Then small again (an unfollow): pushed.
    const whileSmall = await publishEach(live, clock, [small, changing], 3, 'a');
    await workOnce(ctx, { consumer: 'w' });
    const [other, leaving] = await followers(ctx, changing, 2);
    expect(await redis.sismember(testWorkKeys.big, changing)).toBe(1);
    const whileBig = await publishEach(live, clock, [changing, small], 4, 'b');
    await workOnce(ctx, { consumer: 'w' });
    await unfollow(ctx, leaving!, changing);
    const afterwards = await publishEach(live, clock, [small, changing], 3, 'c');
    await workOnce(ctx, { consumer: 'w' });

    // The entries made while big were never pushed; those made after were.
    const [list] = await feedLists(redis, [visitor]);
    expect(list!.some((ref) => ref.includes(`:${changing}:n-b`))).toBe(false);
    expect(list!.filter((ref) => ref.includes(`:${changing}:n-c`))).toHaveLength(3);
    expect((await feedLists(redis, [other!]))[0]!.filter((ref) => ref.includes(`:${changing}:n-c`))).toHaveLength(3);

    let round = 0;
    const seen = await allPages(ctx, visitor, 4, async () => {
      await publishEach(live, clock, [changing, small], 1, `d${round++}-`);
      await workOnce(ctx, { consumer: 'w' });
    });
    expect(seen).toEqual([...afterwards, ...whileBig, ...whileSmall]);
  });

  it('rebuilds an idle feed with the entries of a project that was big and the ones pushed since', async () => {
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig({ fanoutMaxFollowers: 1, idleMs: 300 }));
    const slug = await createProject(redis);
    const [visitor, leaving] = await followers(ctx, slug, 2);
    const whileBig = await publishEach(live, clock, [slug], 2, 'big');
    await unfollow(ctx, leaving!, slug);
    await expect.poll(() => redis.exists(visitorFeedKeys(visitor!).active)).toBe(0);
    const whileIdle = await publishEach(live, clock, [slug], 2, 'idle');
    await workOnce(ctx, { consumer: 'w' });

    const page = await readFeed(ctx, visitor!, { limit: 10 });
    expect(page.entries.map((entry) => entry.id)).toEqual([...whileIdle, ...whileBig]);
  });

  it('lets an idle feed expire, does not feed it, and rebuilds it before answering on return', async () => {
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig({ idleMs: 300 }));
    const slug = await createProject(redis);
    const [visitor] = await followers(ctx, slug, 1);
    await publishNews(slug, { id: 'one', title: 'One', url: 'https://example.com/1' }, live);
    // This project's queue alone: the work list is shared with every other file's projects.
    expect(await drainProject(ctx, slug, { consumer: 'w' })).toBe(1);

    // Redis expires the idle feed's keys on its own clock: decided when they are gone, not after a fixed wait.
    await expect.poll(() => redis.exists(visitorFeedKeys(visitor!).entries, visitorFeedKeys(visitor!).active)).toBe(0);
    clock.advance(1_000);
    await publishNews(slug, { id: 'two', title: 'Two', url: 'https://example.com/2' }, live);
    expect(await drainProject(ctx, slug, { consumer: 'w' })).toBe(0);
    expect(await redis.exists(visitorFeedKeys(visitor!).entries)).toBe(0);

    const page = await readFeed(ctx, visitor!, { limit: 10 });
    expect(page.entries.map((entry) => entry.id)).toEqual([`${slug}:n-two`, `${slug}:n-one`]);
    expect(await feedLists(redis, [visitor!])).toEqual([page.entries.map((entry) => entry.cursor)]);
  });
});
