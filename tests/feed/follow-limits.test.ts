import { beforeAll, describe, expect, it } from 'vitest';
import { POST as followRoute } from '../../app/api/follows/route';
import { ConflictError } from '../../lib/errors';
import { follow, followerCount, listFollows, readFeed, unfollow } from '../../lib/feed';
import { followVisitorSide } from '../../lib/feed/scripts';
import { visitorFeedKeys } from '../../lib/feed/keys';
import type { RedisClient } from '../../lib/redis/client';
import { newVisitorCookie } from '../../lib/visitors/cookie';
import { createProject, testClock } from '../support';
import { feedContexts, newVisitor, testFeedConfig, useRoutesRedis } from './support';

let redis: RedisClient;
beforeAll(() => {
  // This file's own process: the routes read the cap once, from here.
  process.env.FOLLOWS_PER_VISITOR = '2';
});
useRoutesRedis((client) => (redis = client));

describe('a visitor follows at most FOLLOWS_PER_VISITOR projects', () => {
  it('refuses the follow past the cap (a ConflictError naming it) and writes nothing; following one again or after an unfollow is fine', async () => {
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig({ maxFollows: 2 }));
    const [a, b, c] = [await createProject(redis), await createProject(redis), await createProject(redis)];
    const visitor = newVisitor();
    await follow(ctx, visitor, a);
    await follow(ctx, visitor, b);

    const refused = await follow(ctx, visitor, c).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused).toMatchObject({ details: { maxFollows: 2 } });
    expect((await listFollows(ctx, visitor)).map((followed) => followed.slug).toSorted()).toEqual([a, b].toSorted());
    expect(await followerCount(ctx, c)).toBe(0);
    expect(await redis.hexists(visitorFeedKeys(visitor).pending, c)).toBe(0);

    expect(await follow(ctx, visitor, b)).toEqual({ created: false });
    await unfollow(ctx, visitor, a);
    expect(await follow(ctx, visitor, c)).toEqual({ created: true });
  });

  it('POST /api/follows past the cap answers 409 with `maxFollows` and a message', async () => {
    const cookie = `cp_vid=${newVisitorCookie(false).value}`;
    const post = async (slug: string) =>
      followRoute(
        new Request('http://app.test/api/follows', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ slug }),
        }),
        {
          params: Promise.resolve({}),
        },
      );
    expect([(await post(await createProject(redis))).status, (await post(await createProject(redis))).status]).toEqual([
      201, 201,
    ]);
    const refused = await post(await createProject(redis));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      maxFollows: 2,
      error: {
        code: 'conflict',
        message: 'following 2 projects already, the most one visitor may: unfollow one first',
      },
    });
  });
});

describe("a visitor's follows expire when the visitor is idle", () => {
  it('a follow sets the follows TTL on the follows and on a pending mark (a follow cut short); a feed read renews it', async () => {
    const ttl = 365 * 24 * 3_600_000;
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig({ followsTtlMs: ttl }));
    const slug = await createProject(redis);
    const visitor = newVisitor();
    const mine = visitorFeedKeys(visitor);
    const kept = async (key: string) => {
      const left = await redis.pttl(key);
      return left > ttl - 60_000 && left <= ttl;
    };
    // The visitor side alone, as a process dying mid-follow leaves it: the pending mark expires too.
    await followVisitorSide.run(redis, mine, {
      slug,
      step: 'follow',
      now: ctx.now(),
      maxFollows: ctx.config.maxFollows,
      ttl: ttl,
    });
    expect([await kept(mine.follows), await kept(mine.pending)]).toEqual([true, true]);

    await redis.pexpire(mine.follows, 1_000_000);
    await readFeed(ctx, visitor, { limit: 10 });
    expect(await kept(mine.follows)).toBe(true);
    await unfollow(ctx, visitor, slug);
    await follow(ctx, visitor, slug);
    expect(await kept(mine.follows)).toBe(true);
  });
});
