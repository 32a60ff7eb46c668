import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaveSweep,
  readFeed,
  startFanoutWorkers,
  SWEEP_PAGE,
  sweepOnce,
  workOnce,
  type FeedContext,
  type SweepTick,
} from '../../lib/feed';
import { projectFeedKeys } from '../../lib/feed/keys';
import { publishNews } from '../../lib/live-events';
import type { RedisClient } from '../../lib/redis/client';
import { commandsSentBy, connect, createProject, testClock } from '../support';
import {
  feedContexts,
  feedLists,
  followers,
  publishNewsUnmarked,
  sleep,
  testFeedConfig,
  testWorkKeys,
} from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** Sweeps as `holder` until `done` holds, waiting while another sweeper (another test file's workers) has the lease. */
async function sweepUntil(
  ctx: FeedContext,
  holder: string,
  done: (passesEnded: number) => Promise<boolean>,
): Promise<void> {
  let ticks = 0;
  let passes = 0;
  while (!(await done(passes))) {
    if (ticks++ > 2_000) throw new Error('the sweep never got there');
    const tick = await sweepOnce(ctx, { holder });
    expect(tick.probed).toBeLessThanOrEqual(SWEEP_PAGE);
    if (tick.passEnded) passes++;
    if (!tick.leased) await sleep(100);
  }
}

describe('the sweep for queues whose mark was lost', () => {
  it('brings an enqueued but unmarked news item to every follower exactly once, with no further event', async () => {
    const slug = await createProject(redis);
    const { feed: ctx, live } = feedContexts(redis, testClock(), testFeedConfig());
    const visitors = await followers(ctx, slug, 30);
    await publishNewsUnmarked(live, slug, 'stranded');
    expect(await redis.zscore(testWorkKeys.work, slug)).toBeNull();
    expect(Number(await redis.xlen(projectFeedKeys(slug).queue))).toBe(1);
    // Without the sweep, workers never look at this project.
    await workOnce(ctx, { consumer: 'w' });
    expect((await feedLists(redis, visitors)).every((list) => list.length === 0)).toBe(true);

    try {
      await sweepUntil(ctx, 'sweeper-1', async () => (await redis.zscore(testWorkKeys.work, slug)) !== null);
      await expect
        .poll(
          async () => {
            await workOnce(ctx, { consumer: 'w' });
            return Number(await redis.xlen(projectFeedKeys(slug).queue));
          },
          { timeout: 10_000 },
        )
        .toBe(0);
      // A whole pass more, and the workers again: the project is not marked again, nothing is pushed twice.
      await sweepUntil(ctx, 'sweeper-1', async (passes) => passes > 0);
      expect(await redis.zscore(testWorkKeys.work, slug)).toBeNull();
      await workOnce(ctx, { consumer: 'w' });
    } finally {
      await leaveSweep(ctx, 'sweeper-1');
    }
    const lists = await feedLists(redis, visitors);
    expect(lists.every((list) => list.length === 1 && list[0]!.endsWith(`:${slug}:n-stranded`))).toBe(true);
    expect((await readFeed(ctx, visitors[0]!, { limit: 10 })).entries.map((entry) => entry.id)).toEqual([
      `${slug}:n-stranded`,
    ]);
  });

  it('is held by one instance at a time, which goes on from the stored cursor, and passed on when it leaves', async () => {
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    try {
      await expect
        .poll(async () => (await sweepOnce(ctx, { holder: 'sweeper-a', page: 1 })).leased, { timeout: 10_000 })
        .toBe(true);
      expect(await redis.get(testWorkKeys.sweepLease)).toBe('sweeper-a');
      const cursor = await redis.get(testWorkKeys.sweepCursor);
      // Another instance's tick is the one command asking for the lease.
      let tick: SweepTick | undefined;
      expect(
        await commandsSentBy(redis, async () => (tick = await sweepOnce(ctx, { holder: 'sweeper-b', page: 1 }))),
      ).toEqual(['evalsha']);
      expect(tick).toEqual({ leased: false, probed: 0, marked: 0, passEnded: false });
      expect(await redis.get(testWorkKeys.sweepCursor)).toBe(cursor);
      await leaveSweep(ctx, 'sweeper-a');
      tick = await sweepOnce(ctx, { holder: 'sweeper-b', page: 1 });
      expect(tick.leased).toBe(true);
      // B went on after A's place: the cursor moved forward, or the pass ended (no project after it).
      const next = await redis.get(testWorkKeys.sweepCursor);
      if (tick.probed === 1) expect(next! > cursor!).toBe(true);
      else expect([next, tick.passEnded]).toEqual([null, true]);
    } finally {
      await leaveSweep(ctx, 'sweeper-a');
      await leaveSweep(ctx, 'sweeper-b');
    }
  });

  it('puts back in {feed}:big a project whose entries were merged but whose mark was lost', async () => {
    const slug = await createProject(redis);
    const { feed: ctx, live } = feedContexts(redis, testClock(), testFeedConfig({ fanoutMaxFollowers: 1 }));
    const [visitor] = await followers(ctx, slug, 2);
    await publishNews(slug, { id: 'merged', title: 'Merged', url: 'https://example.com/m' }, live);
    // As if the instance died before noting the project big, and the follow that crossed the threshold never noted it either.
    await redis.srem(testWorkKeys.big, slug);
    expect((await readFeed(ctx, visitor!, { limit: 10 })).entries).toEqual([]);
    try {
      await sweepUntil(ctx, 'sweeper-1', async () => (await redis.sismember(testWorkKeys.big, slug)) === 1);
    } finally {
      await leaveSweep(ctx, 'sweeper-1');
    }
    expect((await readFeed(ctx, visitor!, { limit: 10 })).entries.map((entry) => entry.id)).toEqual([
      `${slug}:n-merged`,
    ]);
  });

  it('costs, per tick, one probe per project of its page and three commands more', async () => {
    await Promise.all(Array.from({ length: 6 }, () => createProject(redis)));
    const { feed: ctx } = feedContexts(redis, testClock(), testFeedConfig());
    try {
      await expect
        .poll(async () => (await sweepOnce(ctx, { holder: 'sweeper-c', page: 5 })).leased, { timeout: 10_000 })
        .toBe(true);
      for (let i = 0; i < 4; i++) {
        let tick: SweepTick = { leased: false, probed: -1, marked: 0, passEnded: false };
        const sent = await commandsSentBy(
          redis,
          async () => (tick = await sweepOnce(ctx, { holder: 'sweeper-c', page: 5 })),
        );
        expect(tick.probed).toBeLessThanOrEqual(5);
        expect(sent).toHaveLength(tick.probed + 3);
        expect(sent.filter((name) => name === 'zrangebylex')).toHaveLength(1);
      }
    } finally {
      await leaveSweep(ctx, 'sweeper-c');
    }
  });

  it('runs with the workers every instance starts: a stranded news item reaches its followers on its own', async () => {
    const slug = await createProject(redis);
    const { feed: ctx, live } = feedContexts(redis, testClock(), testFeedConfig());
    const visitors = await followers(ctx, slug, 20);
    await publishNewsUnmarked(live, slug, 'found');
    const workers = [1, 2].map((i) =>
      startFanoutWorkers(ctx, { consumer: `sweeping-instance-${i}`, intervalMs: 20, sweepIntervalMs: 20 }),
    );
    try {
      await expect
        .poll(async () => (await feedLists(redis, visitors)).filter((list) => list.length === 1).length, {
          timeout: 12_000,
        })
        .toBe(20);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    // Stopped, they gave the lease up.
    expect(String(await redis.get(testWorkKeys.sweepLease))).not.toMatch(/^sweeping-instance-/);
  });
});
