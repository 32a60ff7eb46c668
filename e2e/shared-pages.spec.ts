import { request as newRequest, type APIRequestContext } from '@playwright/test';
import { recordContribution } from '../lib/live-events';
import { SHARED_CACHE_CONTROL } from '../lib/server/prepared-page';
import { expect, test } from './support/fixtures';

/** A visitor of its own: a fresh cookie jar, given its visitor cookie by a first page load. */
async function visitor(baseURL: string): Promise<APIRequestContext> {
  const context = await newRequest.newContext({ baseURL, extraHTTPHeaders: { accept: 'text/html' } });
  const first = await context.get('/');
  expect(first.headers()['set-cookie']).toContain('cp_vid=');
  return context;
}

test('two visitors, one following the project, get byte-identical pages a CDN may share', async ({ baseURL, slug }) => {
  const [follower, stranger] = [await visitor(baseURL!), await visitor(baseURL!)];
  expect((await follower.post('/api/follows', { data: { slug } })).status()).toBe(201);
  for (const path of [
    '/',
    `/projects/${slug}`,
    '/leaderboard',
    '/leaderboard?period=week',
    '/quiz',
    '/admin',
    '/ops',
    '/feed',
  ]) {
    const [mine, theirs] = await Promise.all([follower.get(path), stranger.get(path)]);
    expect([mine.status(), theirs.status()]).toEqual([200, 200]);
    expect(await mine.body(), path).toEqual(await theirs.body());
    expect(mine.headers()['cache-control'], path).toBe(SHARED_CACHE_CONTROL);
    expect(mine.headers()['set-cookie'], path).toBeUndefined();
  }
  // What is the follower's own comes after hydration, from routes answered for them alone.
  const follows = await follower.get('/api/follows');
  expect([
    follows.headers()['cache-control'],
    ((await follows.json()) as { follows: { slug: string }[] }).follows.map((f) => f.slug),
  ]).toEqual(['no-store', [slug]]);
  await Promise.all([follower.dispose(), stranger.dispose()]);
});

test('a contribution is in the HTML of a page view after it: the shared page is rendered again', async ({
  baseURL,
  slug,
  live,
}) => {
  const viewer = await visitor(baseURL!);
  const page = () => viewer.get(`/projects/${slug}`).then((response) => response.text());
  expect(await page()).not.toContain('Early Bird');
  await recordContribution(slug, { name: 'Early Bird', amount: 25 }, live);
  // How soon is the bench's to measure; here, that it comes at all.
  await expect.poll(page).toContain('Early Bird');
  await viewer.dispose();
});
