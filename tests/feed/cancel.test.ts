import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed, workOnce } from '../../lib/feed';
import type { FeedContext } from '../../lib/feed/context';
import { projectFeedKeys } from '../../lib/feed/keys';
import { cancelContribution, publishNews, recordContribution } from '../../lib/live-events';
import type { RedisClient } from '../../lib/redis/client';
import { commandsSentBy, connect } from '../support';
import { feedLists, followedProject } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** The milestone entries of a visitor's feed, newest first. */
async function milestonesIn(ctx: FeedContext, visitor: string) {
  const { entries } = await readFeed(ctx, visitor, { limit: 10 });
  return entries.flatMap((entry) => (entry.kind === 'milestone' ? [entry] : []));
}

describe('a cancel and the home feed', () => {
  it("gives the backers entry the page's counts in place, at its own time and reference, pushed to open pages", async () => {
    const { slug, clock, ctx, live, visitor, channel, pageCounts, backersEntry, messages } =
      await followedProject(redis);
    try {
      await recordContribution(slug, { id: 'ada', name: 'Ada', amount: 100 }, live, 'visitor-ada-123');
      clock.advance(10_000);
      await recordContribution(slug, { id: 'bo', name: 'Bo', amount: 50 }, live, 'visitor-bo-1234');
      await workOnce(ctx, { consumer: 'w' });
      const before = await backersEntry();
      expect(before).toMatchObject({ contributions: 2, backers: 2 });
      await messages();

      // Two minutes on, past the fold's minute: a pledge would reference the entry anew, a cancel does not.
      clock.advance(120_000);
      await publishNews(slug, { id: 'later', title: 'Later', url: 'https://example.com/later' }, live);
      await workOnce(ctx, { consumer: 'w' });
      const [listBefore] = await feedLists(redis, [visitor]);
      const queued = await redis.xlen(projectFeedKeys(slug).queue);
      await cancelContribution(slug, 'bo', live);

      const after = await backersEntry();
      expect(await pageCounts()).toEqual({ contributions: 1, backers: 1 });
      expect(after).toMatchObject({
        ...(await pageCounts()),
        at: before!.at,
        cursor: before!.cursor,
        updated: clock.now(),
      });
      const page = await readFeed(ctx, visitor, { limit: 10 });
      expect(page.entries[0]).toMatchObject({ kind: 'news' });
      // Nothing to fan out: feeds hold the same references, and read the entry by its reference.
      expect(await feedLists(redis, [visitor])).toEqual([listBefore]);
      expect(await redis.xlen(projectFeedKeys(slug).queue)).toBe(queued);

      const pushed = (await messages()).filter((message) => message.entry?.kind === 'backers');
      expect(pushed).toEqual([
        expect.objectContaining({
          type: 'entry',
          ref: before!.cursor,
          entry: expect.objectContaining({ contributions: '1', backers: '1' }),
        }),
      ]);
    } finally {
      await channel.close();
    }
  });

  it('removes the entry when it would count no contribution, and takes back the first backer; the next pledge starts both at its own time', async () => {
    const { slug, clock, ctx, live, visitor, channel, pageCounts, backersEntry, messages } =
      await followedProject(redis);
    const milestones = () => milestonesIn(ctx, visitor);
    try {
      await recordContribution(slug, { id: 'only', name: 'Ada', amount: 100 }, live, 'visitor-ada-123');
      await workOnce(ctx, { consumer: 'w' });
      const before = await backersEntry();
      expect(before).toMatchObject({ contributions: 1, backers: 1 });
      const [firstBacker] = await milestones();
      expect(firstBacker).toMatchObject({ milestone: 'first-backer' });
      await messages();

      clock.advance(5_000);
      await cancelContribution(slug, 'only', live);
      expect(await pageCounts()).toEqual({ contributions: 0, backers: 0 });
      expect(await backersEntry()).toBeUndefined();
      expect(await milestones()).toEqual([]);
      expect(await messages()).toEqual([
        { type: 'removed', ref: before!.cursor },
        { type: 'removed', ref: firstBacker!.cursor },
      ]);

      clock.advance(5_000);
      await recordContribution(slug, { id: 'again', name: 'Bo', amount: 10 }, live, 'visitor-bo-1234');
      await workOnce(ctx, { consumer: 'w' });
      expect(await backersEntry()).toMatchObject({ ...(await pageCounts()), at: clock.now() });
      expect(await milestones()).toEqual([expect.objectContaining({ milestone: 'first-backer', at: clock.now() })]);
      expect(await pageCounts()).toEqual({ contributions: 1, backers: 1 });
    } finally {
      await channel.close();
    }
  });

  it('takes back a share of the goal the total falls under, and keeps the first backer while one is left', async () => {
    const { slug, ctx, live, visitor, channel } = await followedProject(redis);
    const milestones = async () => (await milestonesIn(ctx, visitor)).map((entry) => entry.milestone);
    try {
      const goal = Number(await redis.hget(projectFeedKeys(slug).info, 'goal'));
      await recordContribution(slug, { id: 'big', name: 'Ada', amount: goal / 4 }, live, 'visitor-ada-123');
      await recordContribution(slug, { id: 'small', name: 'Bo', amount: 1 }, live, 'visitor-bo-1234');
      await workOnce(ctx, { consumer: 'w' });
      expect((await milestones()).toSorted()).toEqual(['25', 'first-backer']);
      await cancelContribution(slug, 'big', live);
      expect(await milestones()).toEqual(['first-backer']);
    } finally {
      await channel.close();
    }
  });

  it('is still one round trip; with the entry gone (its TTL), it publishes nothing to the feed', async () => {
    const { slug, live, channel, messages } = await followedProject(redis);
    try {
      await recordContribution(slug, { id: 'c1', name: 'Ada', amount: 1 }, live);
      await recordContribution(slug, { id: 'c2', name: 'Bo', amount: 1 }, live);
      const keys = projectFeedKeys(slug);
      await redis.del(`${keys.entryPrefix}${await redis.hget(keys.info, 'feed-backers')}`);
      await messages();
      expect(await commandsSentBy(redis, () => cancelContribution(slug, 'c1', live))).toEqual(['evalsha']);
      expect(await messages()).toEqual([]);
    } finally {
      await channel.close();
    }
  });
});
