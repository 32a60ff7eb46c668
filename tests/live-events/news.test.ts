import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import { publishNews, readLiveSnapshot, unpublishNews } from '../../lib/live-events';
import { liveEventKeys } from '../../lib/live-events/keys';
import { MINUTE } from '../../lib/live-events/windows';
import { connect, createProject, listenToChanges, liveContext, testClock, uniqueSlug } from '../support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const item = { title: 'We shipped the first batch', url: 'https://example.com/news/1' };

describe('publishNews', () => {
  it('lists news newest first with its title, link and time', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const first = await publishNews(slug, { id: 'n1', ...item }, ctx);
    clock.advance(MINUTE);
    const second = await publishNews(slug, { title: 'Second', url: 'https://example.com/news/2' }, ctx);

    expect(first).toEqual({ id: 'n1', at: clock.now() - MINUTE, created: true });
    expect(second).toMatchObject({ at: clock.now(), created: true });
    expect((await readLiveSnapshot(slug, ctx)).news).toEqual([
      { id: second.id, title: 'Second', url: 'https://example.com/news/2', at: second.at },
      { id: 'n1', ...item, at: first.at },
    ]);
  });

  it('publishes the same id once and answers a repeat with the original time', async () => {
    const slug = await createProject(redis);
    const clock = testClock();
    const ctx = liveContext(redis, clock);
    const original = await publishNews(slug, { id: 'n1', ...item }, ctx);
    clock.advance(MINUTE);

    const repeat = await publishNews(slug, { id: 'n1', title: 'Changed', url: 'https://example.com/other' }, ctx);

    expect(repeat).toEqual({ id: 'n1', at: original.at, created: false });
    expect((await readLiveSnapshot(slug, ctx)).news).toEqual([{ id: 'n1', ...item, at: original.at }]);
  });

  it('rejects an unknown project and writes no key for it', async () => {
    const slug = uniqueSlug();
    await expect(publishNews(slug, item, liveContext(redis, testClock()))).rejects.toThrow(NotFoundError);
    expect(await redis.exists(liveEventKeys(slug).news, liveEventKeys(slug).newsDetails)).toBe(0);
  });
});

describe('unpublishNews', () => {
  it('removes the item and its details and publishes the removal', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    await publishNews(slug, { id: 'stays', ...item }, ctx);
    await publishNews(slug, { id: 'goes', ...item }, ctx);
    const changes = await listenToChanges(redis, slug);

    await unpublishNews(slug, 'goes', ctx);

    expect((await readLiveSnapshot(slug, ctx)).news.map((n) => n.id)).toEqual(['stays']);
    expect(await redis.hkeys(liveEventKeys(slug).newsDetails)).toEqual(['stays']);
    expect(await changes.takeChanges()).toEqual([
      expect.objectContaining({ type: 'news-unpublished', slug, id: 'goes' }),
    ]);
    await changes.close();
  });

  it('throws NotFoundError for an unknown id, a second unpublish and an unknown project', async () => {
    const slug = await createProject(redis);
    const ctx = liveContext(redis, testClock());
    await publishNews(slug, { id: 'once', ...item }, ctx);
    await unpublishNews(slug, 'once', ctx);

    await expect(unpublishNews(slug, 'never', ctx)).rejects.toMatchObject({ name: 'NotFoundError', what: 'news item' });
    await expect(unpublishNews(slug, 'once', ctx)).rejects.toMatchObject({ what: 'news item' });
    await expect(unpublishNews(uniqueSlug(), 'once', ctx)).rejects.toMatchObject({ what: 'project' });
  });
});
