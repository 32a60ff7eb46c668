import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelContribution,
  importEvents,
  publishNews,
  readLiveSnapshot,
  recordContribution,
} from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { HOUR, MINUTE } from '../../lib/live-events/windows';
import { connect, createProject, liveContext, testClock } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

describe("a contribution's details", () => {
  it('are kept as `amount|name`, a name holding `|` whole, and a JSON array written before still reads', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const ctx = liveContext(redis, testClock());
    await recordContribution(slug, { id: 'old', name: 'Ada', amount: 5 }, ctx);
    await redis.hset(keys.contributionDetails, 'old', JSON.stringify([5, 'Ada']));
    await recordContribution(slug, { id: 'new', name: 'Grace | Hopper', amount: 1_250 }, ctx);

    expect(await redis.hget(keys.contributionDetails, 'new')).toBe('1250|Grace | Hopper');
    const shown = (await readLiveSnapshot(slug, ctx)).contributors as { id: string }[];
    expect(shown.toSorted((a, b) => a.id.localeCompare(b.id))).toEqual([
      expect.objectContaining({ id: 'new', amount: 1_250, name: 'Grace | Hopper' }),
      expect.objectContaining({ id: 'old', amount: 5, name: 'Ada' }),
    ]);
  });
});

describe('the next write drops expired members and their details', () => {
  it('prunes contributors after 30 minutes but keeps their details while still counted', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'early', name: 'Ada', amount: 1 }, ctx);
    clock.advance(31 * MINUTE);

    await recordContribution(slug, { id: 'later', name: 'Grace', amount: 1 }, ctx);

    expect(await redis.zrange(keys.contributors, '0', '-1')).toEqual(['later']);
    expect(await redis.zcard(keys.contributions)).toBe(2);
    expect(await redis.hlen(keys.contributionDetails)).toBe(2);
    expect(await redis.hget(keys.contributionDetails, 'early')).toBe('1|Ada');
  });

  it('prunes contributions after 24 hours and deletes their details', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'early', name: 'Ada', amount: 1 }, ctx);
    clock.advance(HOUR);
    await recordContribution(slug, { id: 'middle', name: 'Lin', amount: 1 }, ctx);
    clock.advance(23 * HOUR);

    await recordContribution(slug, { id: 'latest', name: 'Grace', amount: 1 }, ctx);

    expect(await redis.zrange(keys.contributions, '0', '-1')).toEqual(['middle', 'latest']);
    expect(await redis.zrange(keys.contributors, '0', '-1')).toEqual(['latest']);
    expect((await redis.hkeys(keys.contributionDetails)).toSorted()).toEqual(['latest', 'middle']);
  });

  it('prunes on cancel and on import too', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await recordContribution(slug, { id: 'expires', name: 'Ada', amount: 1 }, ctx);
    await recordContribution(slug, { id: 'cancelled', name: 'Lin', amount: 1 }, ctx);
    clock.advance(24 * HOUR);

    await cancelContribution(slug, 'cancelled', ctx);
    expect(await redis.exists(keys.contributions, keys.contributors, keys.contributionDetails)).toBe(0);

    await publishNews(slug, { id: 'n-old', title: 'Old', url: 'https://example.com/' }, ctx);
    clock.advance(24 * HOUR);
    await importEvents(
      slug,
      [{ kind: 'news', id: 'n-new', title: 'New', url: 'https://example.com/', at: clock.now() }],
      ctx,
    );
    expect(await redis.zrange(keys.news, '0', '-1')).toEqual(['n-new']);
    expect(await redis.hkeys(keys.newsDetails)).toEqual(['n-new']);
  });

  it('prunes news after 24 hours and deletes their details', async () => {
    const slug = await createProject(redis);
    const keys = liveEventKeys(slug);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    await publishNews(slug, { id: 'old', title: 'Old', url: 'https://example.com/old' }, ctx);
    clock.advance(24 * HOUR);

    await publishNews(slug, { id: 'new', title: 'New', url: 'https://example.com/new' }, ctx);

    expect(await redis.zrange(keys.news, '0', '-1')).toEqual(['new']);
    expect(await redis.hkeys(keys.newsDetails)).toEqual(['new']);
  });
});
