import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getFeed } from '../../app/api/feed/route';
import { DELETE as unfollowRoute } from '../../app/api/follows/[slug]/route';
import { GET as getFollows, POST as followRoute } from '../../app/api/follows/route';
import { workOnce } from '../../lib/feed';
import { configuredFeed } from '../../lib/feed/config';
import { feedPageSchema, followsSchema } from '../../lib/feed/schemas';
import { publishNews } from '../../lib/live-events';
import { closeRedis, getRedis, waitUntilReady, type RedisClient } from '../../lib/redis/client';
import { ensureVisitorSecret, visitorFromCookies } from '../../lib/visitors/cookie';
import { visitorFeedKeys } from '../../lib/feed/keys';
import { jsonSchemaOf } from '../../lib/http/openapi/json-schema';
import { compile } from '../contract/validator';
import { createProject, uniqueSlug } from '../support';
import { useTestRedisForTheApp } from './support';

let redis: RedisClient;
beforeAll(async () => {
  useTestRedisForTheApp();
  ensureVisitorSecret();
  redis = getRedis();
  await waitUntilReady(redis);
});
afterAll(async () => {
  await closeRedis();
});

const base = 'http://app.test';
const noContext = { params: Promise.resolve({}) };
const send = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  new Request(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) } });
/** Parsed strictly by the JSON Schema the OpenAPI document carries (no extra field). */
function documented(schema: typeof feedPageSchema | typeof followsSchema, value: unknown) {
  const validate = compile(jsonSchemaOf(schema, 'output'));
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  return value;
}
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0];

describe('the follow and feed API', () => {
  it('gives a new visitor a cookie, follows (201, then 200), lists, feeds and unfollows (204)', async () => {
    const slug = await createProject(redis);
    const first = await followRoute(send('/api/follows', { method: 'POST', body: JSON.stringify({ slug }) }), noContext);
    expect(first.status).toBe(201);
    const cookie = cookieOf(first);
    expect(cookie).toMatch(/^cp_vid=/);

    const again = await followRoute(send('/api/follows', { method: 'POST', body: JSON.stringify({ slug }), cookie }), noContext);
    expect([again.status, again.headers.get('set-cookie')]).toEqual([200, null]);
    const follows = followsSchema.parse(documented(followsSchema, await (await getFollows(send('/api/follows', { cookie }), noContext)).json()));
    expect(follows.follows.map((f) => f.slug)).toEqual([slug]);

    await getFeed(send('/api/feed', { cookie }), noContext);
    await publishNews(slug, { id: 'api-news', title: 'Shipped', url: 'https://example.com/s' });
    await workOnce({ redis, config: configuredFeed(), now: Date.now }, { consumer: 'api-test' });
    const page = feedPageSchema.parse(documented(feedPageSchema, await (await getFeed(send('/api/feed?limit=5&look=1', { cookie }), noContext)).json()));
    expect(page.entries).toMatchObject([{ id: `${slug}:n-api-news`, kind: 'news', project: { slug }, news: { title: 'Shipped' } }]);
    expect(page.nextCursor).toBeNull();

    const gone = await unfollowRoute(send(`/api/follows/${slug}`, { method: 'DELETE', cookie }), { params: Promise.resolve({ slug }) });
    expect(gone.status).toBe(204);
    expect((await (await getFeed(send('/api/feed', { cookie }), noContext)).json()).entries).toEqual([]);
  });

  it('gives a reader without a cookie one, and an empty answer that stores nothing', async () => {
    const response = await getFeed(send('/api/feed'), noContext);
    const cookie = cookieOf(response)!;
    expect(await response.json()).toEqual({ entries: [], nextCursor: null, lastLooked: 0 });
    const keys = visitorFeedKeys(visitorFromCookies(cookie)!);
    expect(await redis.exists(keys.active, keys.entries, keys.follows, keys.pending)).toBe(0);
    expect(await (await getFollows(send('/api/follows'), noContext)).json()).toEqual({ follows: [] });
  });

  it('answers 404 for an unknown project and 400 for bad input, writing nothing', async () => {
    const unknown = await followRoute(send('/api/follows', { method: 'POST', body: JSON.stringify({ slug: uniqueSlug() }) }), noContext);
    expect(unknown.status).toBe(404);
    const bad = await followRoute(send('/api/follows', { method: 'POST', body: JSON.stringify({ slug: 'NOT A SLUG', extra: 1 }) }), noContext);
    expect(bad.status).toBe(400);
    expect((await getFeed(send('/api/feed?limit=0'), noContext)).status).toBe(400);
    expect((await getFeed(send('/api/feed?before=nope'), noContext)).status).toBe(400);
  });
});
