import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import { follow, followerCount, listFollows, readFeed, unfollow } from '../../lib/feed';
import { followProjectSide, followVisitorSide } from '../../lib/feed/scripts';
import { publishNews } from '../../lib/live-events';
import { projectFeedKeys, visitorFeedKeys } from '../../lib/feed/keys';
import type { RedisClient } from '../../lib/redis/client';
import { connect, createProject, testClock, uniqueSlug } from '../support';
import { feedContexts, newVisitor, testFeedConfig } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe('follow and unfollow touch the visitor slot and the project slot', () => {
  it('are idempotent on both sides', async () => {
    const slug = await createProject(redis);
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    const visitor = newVisitor();

    expect(await follow(ctx, visitor, slug)).toEqual({ created: true });
    expect(await follow(ctx, visitor, slug)).toEqual({ created: false });
    expect(await listFollows(ctx, visitor)).toEqual([{ slug, since: ctx.now() }]);
    expect(await redis.zrange(projectFeedKeys(slug).followers, '0', '-1')).toEqual([visitor]);
    expect(await redis.hlen(visitorFeedKeys(visitor).pending)).toBe(0);

    expect(await unfollow(ctx, visitor, slug)).toEqual({ removed: true });
    expect(await unfollow(ctx, visitor, slug)).toEqual({ removed: false });
    expect(await listFollows(ctx, visitor)).toEqual([]);
    expect(await followerCount(ctx, slug)).toBe(0);
  });

  it('refuses an unknown project and writes nothing', async () => {
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    const visitor = newVisitor();
    await expect(follow(ctx, visitor, uniqueSlug())).rejects.toBeInstanceOf(NotFoundError);
    expect(await redis.exists(visitorFeedKeys(visitor).follows, visitorFeedKeys(visitor).pending)).toBe(0);
  });

  it('heals a follow that crashed after the visitor side: the next read replays the project side', async () => {
    const slug = await createProject(redis);
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    const visitor = newVisitor();
    const mine = visitorFeedKeys(visitor);
    // The process dies right after step 1.
    await followVisitorSide.run(redis, mine, {
      slug,
      step: 'follow',
      now: ctx.now(),
      maxFollows: ctx.config.maxFollows,
      ttl: ctx.config.followsTtlMs,
    });
    expect(await followerCount(ctx, slug)).toBe(0);

    await readFeed(ctx, visitor, { limit: 10 });
    expect(await followerCount(ctx, slug)).toBe(1);
    expect(await redis.hlen(mine.pending)).toBe(0);

    // And an unfollow that died the same way.
    await followVisitorSide.run(redis, mine, {
      slug,
      step: 'unfollow',
      now: ctx.now(),
      maxFollows: ctx.config.maxFollows,
      ttl: ctx.config.followsTtlMs,
    });
    expect(await followerCount(ctx, slug)).toBe(1);
    await listFollows(ctx, visitor);
    expect(await followerCount(ctx, slug)).toBe(0);
  });

  it('heals a follow that crashed after the project side too: replayed once, its follower counted once', async () => {
    const slug = await createProject(redis);
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    const visitor = newVisitor();
    const mine = visitorFeedKeys(visitor);
    // The process dies after step 2, before the mark is cleared (step 3).
    const bothSides = async (step: 'follow' | 'unfollow') => {
      await followVisitorSide.run(redis, mine, {
        slug,
        step,
        now: ctx.now(),
        maxFollows: ctx.config.maxFollows,
        ttl: ctx.config.followsTtlMs,
      });
      await followProjectSide.run(redis, projectFeedKeys(slug), { visitor, step });
    };
    await bothSides('follow');
    expect([await followerCount(ctx, slug), await redis.hlen(mine.pending)]).toEqual([1, 1]);

    await readFeed(ctx, visitor, { limit: 10 });
    expect([await followerCount(ctx, slug), await redis.hlen(mine.pending)]).toEqual([1, 0]);
    expect(await listFollows(ctx, visitor)).toEqual([{ slug, since: ctx.now() }]);

    await bothSides('unfollow');
    await listFollows(ctx, visitor);
    expect([await followerCount(ctx, slug), await redis.hlen(mine.pending)]).toEqual([0, 0]);
  });

  it("brings the project's recent entries into the feed at once", async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig());
    const visitor = newVisitor();
    await readFeed(ctx, visitor, { limit: 10 });
    await publishNews(slug, { id: 'before', title: 'Before the follow', url: 'https://example.com/b' }, live);
    await follow(ctx, visitor, slug);
    expect((await readFeed(ctx, visitor, { limit: 10 })).entries.map((entry) => entry.id)).toEqual([
      `${slug}:n-before`,
    ]);
  });

  it('stores nothing for a visitor who reads while following nothing', async () => {
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    const visitor = newVisitor();
    expect(await readFeed(ctx, visitor, { limit: 10, look: true })).toEqual({
      entries: [],
      nextCursor: null,
      lastLooked: 0,
    });
    const keys = visitorFeedKeys(visitor);
    expect(await redis.exists(keys.active, keys.entries, keys.follows, keys.pending)).toBe(0);
  });
});
