import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed, workOnce } from '../../lib/feed';
import { announceEnds } from '../../lib/live-events/campaign-end';
import { catalogueKeys } from '../../lib/projects/keys';
import { putProject, saveProject } from '../../lib/projects/save';
import type { RedisClient } from '../../lib/redis/client';
import { sampleProject } from '../sample-project';
import { connect, listenTo, redisNow, testClock, uniqueSlug } from '../support';
import { feedContexts, followers, testFeedConfig } from './support';

let redis: RedisClient;
let second: RedisClient;
beforeAll(async () => {
  [redis, second] = await Promise.all([connect(), connect()]);
});
afterAll(async () => {
  await Promise.all([redis.quit(), second.quit()]);
});

describe('a campaign’s end in the followers’ home feeds', () => {
  it('is announced once, whichever instances try and however often, funded or not', async () => {
    const endsAt = (await redisNow(redis)) - 1;
    const [funded, unfunded] = [uniqueSlug(), uniqueSlug()];
    await saveProject({ ...sampleProject(funded, 10_000), endsAt }, 0, redis);
    await saveProject({ ...sampleProject(unfunded, 9_999), endsAt }, 0, redis);
    // The work queue is shared with other files: a clock far ahead makes sure these are due.
    const clock = testClock(Date.now() + 60_000);
    const config = testFeedConfig();
    const one = feedContexts(redis, clock, config);
    const other = feedContexts(second, clock, config);
    const [reader] = await followers(one.feed, funded, 1);
    const [unfundedReader] = await followers(one.feed, unfunded, 1);

    // Two instances at once, then again after a "restart": the schedule no longer names them.
    const runs = await Promise.all([announceEnds(one.live), announceEnds(other.live), announceEnds(one.live)]);
    const again = await announceEnds(other.live);
    for (let i = 0; i < 3; i++) await workOnce(one.feed, { consumer: `worker-${i}`, batch: 100 });

    expect(runs.flat().filter((slug) => slug === funded)).toHaveLength(1);
    expect(runs.flat().filter((slug) => slug === unfunded)).toHaveLength(1);
    expect(again).not.toContain(funded);
    expect(await redis.zscore(catalogueKeys.ends, funded)).toBeNull();
    const ended = async (visitor: string) =>
      (await readFeed(one.feed, visitor, { limit: 20 })).entries.filter((entry) => entry.kind === 'ended');
    expect(await ended(reader!)).toEqual([
      expect.objectContaining({
        kind: 'ended',
        funded: true,
        raised: 10_000,
        goal: 10_000,
        at: endsAt,
        project: { slug: funded, title: `Project ${funded}` },
      }),
    ]);
    expect(await ended(unfundedReader!)).toEqual([
      expect.objectContaining({ kind: 'ended', funded: false, raised: 9_999 }),
    ]);
  });

  it('waits for the end on Redis’ clock, and follows an end moved or removed by a save', async () => {
    const slug = uniqueSlug();
    const live = feedContexts(redis, testClock(Date.now() + 3_600_000), testFeedConfig()).live;
    await saveProject({ ...sampleProject(slug), endsAt: (await redisNow(redis)) + 3_600_000 }, 0, redis);

    // Due on this instance's clock (an hour ahead), not on Redis': nothing announced, still scheduled.
    expect(await announceEnds(live)).not.toContain(slug);
    expect(await redis.zscore(catalogueKeys.ends, slug)).not.toBeNull();

    await putProject(slug, { ...sampleProject(slug), listed: false }, redis);
    expect(await redis.zscore(catalogueKeys.ends, slug)).toBeNull();
    const endsAt = (await redisNow(redis)) - 1;
    await putProject(slug, { ...sampleProject(slug), endsAt, listed: false }, redis);
    expect(Number(await redis.zscore(catalogueKeys.ends, slug))).toBe(endsAt);
    const catalogue = await listenTo(redis, catalogueKeys.changes);
    expect(await announceEnds(live)).toContain(slug);
    // Cached home pages render again: the project leaves the live list for "Recently ended".
    expect(await catalogue.take()).toContain('ended');
    await catalogue.close();
  });
});
