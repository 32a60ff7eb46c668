import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushToFeeds, readFeed, startFanoutWorkers, workOnce } from '../../lib/feed';
import { projectFeedKeys } from '../../lib/feed/keys';
import { publishNews, recordContribution, unpublishNews } from '../../lib/live-events';
import type { RedisClient } from '../../lib/redis/client';
import { connect, createProject, testClock } from '../support';
import { feedContexts, feedLists, followedProject, followers, sleep, testFeedConfig, testWorkKeys } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const news = { title: 'We shipped', url: 'https://example.com/news/1' };
describe('fan-out through the durable queue', () => {
  it('reaches 1,000 followers exactly once although the first worker dies mid-way', async () => {
    const slug = await createProject(redis);
    // The work queue is shared with the other files' workers: on a clock an hour behind, this
    // project is the only one due for workers A and B, whatever else happens to be queued meanwhile.
    const clock = testClock(Date.now() - 3_600_000);
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig());
    const visitors = await followers(ctx, slug, 1_000);

    const { id } = await publishNews(slug, { id: 'big-news', ...news }, live);
    expect(await redis.zscore(testWorkKeys.work, slug)).not.toBeNull();

    // Worker A pushes three batches of 100, then dies before saving the third batch's progress.
    let batches = 0;
    const crash = () => {
      if (++batches === 3) throw new Error('worker killed');
    };
    await expect(workOnce(ctx, { consumer: 'worker-a', batch: 100, leaseMs: 50, afterBatch: crash })).rejects.toThrow(
      'worker killed',
    );
    const partial = (await feedLists(redis, visitors)).filter((list) => list.length > 0).length;
    expect(partial).toBe(300);
    expect(Number(await redis.xlen(projectFeedKeys(slug).queue))).toBe(1);

    // Its lease runs out; worker B claims the project and the message A left pending.
    clock.advance(100);
    await sleep(100);
    const pushed = await workOnce(ctx, { consumer: 'worker-b', batch: 100, leaseMs: 50 });
    expect(pushed).toBe(700);

    const lists = await feedLists(redis, visitors);
    expect(lists.every((list) => list.length === 1 && list[0]!.endsWith(`:${slug}:n-${id}`))).toBe(true);
    expect(Number(await redis.xlen(projectFeedKeys(slug).queue))).toBe(0);
    expect(await redis.zscore(testWorkKeys.work, slug)).toBeNull();
    const page = await readFeed(ctx, visitors[0]!, { limit: 10 });
    expect(page.entries).toMatchObject([{ kind: 'news', project: { slug, title: `Project ${slug}` }, news }]);
  });

  it("folds contributions into one entry with the page's counts, in place under a minute, referenced anew after, so the feed stays newest first", async () => {
    const { slug, clock, ctx, live, visitor, channel, pageCounts, messages } = await followedProject(redis);
    try {
      await recordContribution(slug, { name: 'Ada', amount: 100 }, live, 'visitor-ada-123');
      await workOnce(ctx, { consumer: 'w' });
      clock.advance(20_000);
      await recordContribution(slug, { name: 'Bo', amount: 2_400 }, live);
      clock.advance(20_000);
      await recordContribution(slug, { name: 'Ada', amount: 100 }, live, 'visitor-ada-123');
      await workOnce(ctx, { consumer: 'w' });

      let page = await readFeed(ctx, visitor, { limit: 10 });
      expect(page.entries.map((entry) => (entry.kind === 'milestone' ? entry.milestone : entry.kind))).toEqual([
        '25',
        'first-backer',
        'backers',
      ]);
      expect(page.entries[2]).toMatchObject({ kind: 'backers', ...(await pageCounts()), updated: clock.now() });
      expect(await pageCounts()).toEqual({ contributions: 3, backers: 2 });

      // News, then a contribution 8 minutes after the entry began: it is referenced anew, on top.
      clock.advance(7 * 60_000);
      await publishNews(slug, { id: 'later', ...news }, live);
      clock.advance(60_000);
      await recordContribution(slug, { name: 'Cy', amount: 10 }, live);
      await workOnce(ctx, { consumer: 'w' });

      page = await readFeed(ctx, visitor, { limit: 10 });
      expect(page.entries.map((entry) => entry.kind)).toEqual(['backers', 'news', 'milestone', 'milestone']);
      expect(page.entries[0]).toMatchObject({ at: clock.now(), ...(await pageCounts()) });
      const times = page.entries.map((entry) => entry.at);
      expect(times).toEqual(times.toSorted((a, b) => b - a));
      // The old reference stays in the list until trimmed; its entry is gone, so readers skip it.
      const [list] = await feedLists(redis, [visitor]);
      expect(list!.filter((ref) => page.entries.some((entry) => entry.cursor === ref))).toEqual(
        page.entries.map((entry) => entry.cursor),
      );

      const backers = (await messages()).filter(
        (message) => message.type === 'removed' || message.entry?.kind === 'backers',
      );
      expect(
        backers.map((message) => (message.type === 'removed' ? 'removed' : Number(message.entry!.contributions))),
      ).toEqual([1, 2, 3, 'removed', 4]);
    } finally {
      await channel.close();
    }
  });

  it('an unpublished news item leaves every feed that held it', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const { feed: ctx, live } = feedContexts(redis, clock, testFeedConfig());
    const visitors = await followers(ctx, slug, 20);
    await publishNews(slug, { id: 'keep', ...news }, live);
    clock.advance(1_000);
    await publishNews(slug, { id: 'gone', title: 'Oops', url: 'https://example.com/oops' }, live);
    await workOnce(ctx, { consumer: 'w' });
    expect((await readFeed(ctx, visitors[0]!, { limit: 10 })).entries).toHaveLength(2);

    await unpublishNews(slug, 'gone', live);
    for (const visitor of visitors) {
      const { entries } = await readFeed(ctx, visitor, { limit: 10 });
      expect(entries.map((entry) => entry.id)).toEqual([`${slug}:n-keep`]);
    }
  });

  it('trims a feed back to its cap only when LPUSH answers cap + 10, and never pushes a reference twice', async () => {
    const slug = await createProject(redis);
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig({ cap: 5 }));
    const visitors = await followers(ctx, slug, 1);
    const ref = (i: number) => `${String(1_700_000_000_000 + i)}:${slug}:n-${i}`;
    for (let i = 1; i <= 14; i++) await pushToFeeds(ctx, visitors, ref(i));
    expect(await pushToFeeds(ctx, visitors, ref(14))).toBe(0);
    expect((await feedLists(redis, visitors))[0]).toHaveLength(14);
    await pushToFeeds(ctx, visitors, ref(15));
    expect((await feedLists(redis, visitors))[0]).toEqual([15, 14, 13, 12, 11].map(ref));
  });

  it('is done by the workers every instance starts, on their own', async () => {
    const slug = await createProject(redis);
    const { feed: ctx, live } = feedContexts(redis, testClock(), testFeedConfig());
    const visitors = await followers(ctx, slug, 50);
    const workers = [
      startFanoutWorkers(ctx, { consumer: 'instance-1', intervalMs: 20 }),
      startFanoutWorkers(ctx, { consumer: 'instance-2', intervalMs: 20 }),
    ];
    try {
      await publishNews(slug, { id: 'by-workers', ...news }, live);
      await expect
        .poll(async () => (await feedLists(redis, visitors)).filter((list) => list.length === 1).length, {
          timeout: 10_000,
        })
        .toBe(50);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
