import { describe, expect, it } from 'vitest';
import { GET as getFeed, POST as lookAtFeed } from '../../app/api/feed/route';
import { DELETE as unfollowRoute } from '../../app/api/follows/[slug]/route';
import { GET as getFollows, POST as followRoute } from '../../app/api/follows/route';
import { drainProject } from '../../lib/feed/fanout';
import { configuredFeed } from '../../lib/feed/config';
import { feedPageSchema, followsSchema } from '../../lib/feed/schemas';
import { publishNews } from '../../lib/live-events';
import type { RedisClient } from '../../lib/redis/client';
import { newVisitorCookie } from '../../lib/visitors/cookie';
import { jsonSchemaOf } from '../../lib/http/openapi/json-schema';
import { compile } from '../contract/validator';
import { createProject, uniqueSlug } from '../support';
import { useRoutesRedis } from './support';

let redis: RedisClient;
useRoutesRedis((client) => (redis = client));

const base = 'http://app.test';
const noContext = { params: Promise.resolve({}) };
const send = (path: string, init: RequestInit & { cookie?: string } = {}) =>
  new Request(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
  });
/** Parsed strictly by the JSON Schema the OpenAPI document carries (no extra field). */
function documented(schema: typeof feedPageSchema | typeof followsSchema, value: unknown) {
  const validate = compile(jsonSchemaOf(schema, 'output'));
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  return value;
}
/** A visitor's cookie, as server.ts gives one to a page or a follow without (lib/visitors/issue.ts; tests/hostile/identity-limits.test.ts). */
const newCookie = () => `cp_vid=${newVisitorCookie(false).value}`;

describe('the follow and feed API', () => {
  it('follows (201, then 200), lists, feeds and unfollows (204), giving no cookie of its own', async () => {
    const slug = await createProject(redis);
    const cookie = newCookie();
    const first = await followRoute(
      send('/api/follows', { method: 'POST', body: JSON.stringify({ slug }), cookie }),
      noContext,
    );
    expect([first.status, first.headers.get('set-cookie')]).toEqual([201, null]);

    const again = await followRoute(
      send('/api/follows', { method: 'POST', body: JSON.stringify({ slug }), cookie }),
      noContext,
    );
    expect([again.status, again.headers.get('set-cookie')]).toEqual([200, null]);
    const follows = followsSchema.parse(
      documented(followsSchema, await (await getFollows(send('/api/follows', { cookie }), noContext)).json()),
    );
    expect(follows.follows.map((f) => f.slug)).toEqual([slug]);

    await getFeed(send('/api/feed', { cookie }), noContext);
    await publishNews(slug, { id: 'api-news', title: 'Shipped', url: 'https://example.com/s' });
    // This project's queue alone: the app's work list is shared with every file running beside this one.
    await drainProject({ redis, config: configuredFeed(), now: Date.now }, slug, { consumer: 'api-test' });
    const page = feedPageSchema.parse(
      documented(
        feedPageSchema,
        await (await lookAtFeed(send('/api/feed?limit=5', { method: 'POST', cookie }), noContext)).json(),
      ),
    );
    expect(page.entries).toMatchObject([
      { id: `${slug}:n-api-news`, kind: 'news', project: { slug }, news: { title: 'Shipped' } },
    ]);
    expect(page.nextCursor).toBeNull();
    // The look is a POST: a GET, even one saying `look=1` (a link, an image), records none.
    expect((await (await getFeed(send('/api/feed', { cookie }), noContext)).json()).lastLooked).toBeGreaterThan(0);
    const other = newCookie();
    await getFeed(send('/api/feed?look=1', { cookie: other }), noContext);
    expect((await (await getFeed(send('/api/feed', { cookie: other }), noContext)).json()).lastLooked).toBe(0);

    const gone = await unfollowRoute(send(`/api/follows/${slug}`, { method: 'DELETE', cookie }), {
      params: Promise.resolve({ slug }),
    });
    expect(gone.status).toBe(204);
    expect((await (await getFeed(send('/api/feed', { cookie }), noContext)).json()).entries).toEqual([]);
  });

  it('gives a reader without a cookie an empty answer and no id; a follow without one (refused its id by server.ts) is a 503, a 429 with the wait', async () => {
    const response = await lookAtFeed(send('/api/feed', { method: 'POST' }), noContext);
    expect([response.headers.get('set-cookie'), await response.json()]).toEqual([
      null,
      { entries: [], nextCursor: null, lastLooked: 0 },
    ]);
    const follows = await getFollows(send('/api/follows'), noContext);
    expect([follows.headers.get('set-cookie'), await follows.json()]).toEqual([null, { follows: [] }]);
    const slug = await createProject(redis);
    const unfollowed = await unfollowRoute(send(`/api/follows/${slug}`, { method: 'DELETE' }), {
      params: Promise.resolve({ slug }),
    });
    expect([unfollowed.status, unfollowed.headers.get('set-cookie')]).toEqual([204, null]);

    const follow = (headers: Record<string, string> = {}) =>
      followRoute(
        new Request(`${base}/api/follows`, {
          method: 'POST',
          body: JSON.stringify({ slug }),
          headers: { 'content-type': 'application/json', ...headers },
        }),
        noContext,
      );
    expect((await follow()).status).toBe(503);
    const refused = await follow({ 'x-crowdpulse-new-visitor-wait': '1234' });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1234']);
    // A cookie this app did not sign is no visitor.
    expect((await follow({ cookie: 'cp_vid=forged.signature' })).status).toBe(503);
  });

  it('answers 404 for an unknown project and 400 for bad input, writing nothing', async () => {
    const cookie = newCookie();
    const unknown = await followRoute(
      send('/api/follows', { method: 'POST', body: JSON.stringify({ slug: uniqueSlug() }), cookie }),
      noContext,
    );
    expect(unknown.status).toBe(404);
    const bad = await followRoute(
      send('/api/follows', { method: 'POST', body: JSON.stringify({ slug: 'NOT A SLUG', extra: 1 }), cookie }),
      noContext,
    );
    expect(bad.status).toBe(400);
    expect((await getFeed(send('/api/feed?limit=0'), noContext)).status).toBe(400);
    expect((await getFeed(send('/api/feed?before=nope'), noContext)).status).toBe(400);
  });
});
