import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCards } from '../../lib/projects/catalogue';
import {
  hydrateRecentlyViewed,
  readRecentlyViewed,
  RECENTLY_VIEWED,
  recentlyViewedKey,
  recordView,
} from '../../lib/visitors/recently-viewed';
import { connect, createProject } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const visitor = () => randomBytes(8).toString('hex');

describe("each visitor's recently viewed projects", () => {
  it('keeps the latest 10, newest first, each once', async () => {
    const vid = visitor();
    const slugs = Array.from({ length: 14 }, (_, i) => `p${i}`);
    for (const slug of [...slugs, 'p3', 'p12', 'p3']) await recordView(vid, slug, redis);
    const viewed = await readRecentlyViewed(vid, redis);
    expect(new Set(viewed).size).toBe(viewed.length);
    expect(viewed.slice(0, 10)).toEqual(['p3', 'p12', 'p13', 'p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p5']);
    expect(viewed.length).toBeLessThan(RECENTLY_VIEWED.cap + RECENTLY_VIEWED.slack);
    expect(await redis.pttl(recentlyViewedKey(vid))).toBeGreaterThan(RECENTLY_VIEWED.ttlMs - 60_000);
  });

  it('hydrates from the catalogue, skipping deleted projects and filling their place from further down', async () => {
    const vid = visitor();
    const slugs: string[] = [];
    for (let i = 0; i < 12; i++) slugs.push(await createProject(redis));
    for (const slug of slugs) await recordView(vid, slug, redis);
    await recordView(vid, 'deleted-project', redis);
    const viewed = await readRecentlyViewed(vid, redis);
    const shown = hydrateRecentlyViewed(viewed, await readCards(viewed, redis));
    expect(shown.map((project) => project.slug)).toEqual(slugs.toReversed().slice(0, 10));
  });

  it('shows nothing to a visitor with no history', async () => {
    expect(await readRecentlyViewed(visitor(), redis)).toEqual([]);
    expect(hydrateRecentlyViewed([], await readCards([], redis))).toEqual([]);
  });
});
