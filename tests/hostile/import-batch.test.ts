import { afterAll, beforeAll, expect, it } from 'vitest';
import { POST } from '../../app/api/projects/[slug]/import/route';
import { IMPORT_BODY_BYTES, MAX_BODY_BYTES } from '../../lib/http/body';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { ROUTES } from '../../lib/http/openapi/routes';
import { liveEventKeys } from '../../lib/live-events/keys';
import { IMPORT_MAX_EVENTS } from '../../lib/live-events/limits';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import { createProject, useTestRedisForTheApp } from '../support';

/**
 * Finding 6: the import took 5,000 events but its body was capped at 64 KiB, so a documented
 * batch was a 413. Now the route has a body limit of its own, which the documented maximum batch
 * fits even with every field at its longest, and the OpenAPI document says both.
 */
beforeAll(async () => {
  useTestRedisForTheApp();
  process.env.ADMIN_TOKEN = 'import-batch-test-token';
  await waitUntilReady(getRedis());
});
afterAll(async () => closeRedis());

/** A news event with every field at its longest: a 64-character id, 140 astral characters, a 2,048-character URL. */
const longestNews = (i: number) => ({
  kind: 'news',
  id: `${String(i).padStart(6, '0')}${'x'.repeat(58)}`,
  title: '𝒜'.repeat(140),
  url: `https://example.org/${'a'.repeat(2_048 - 20)}`,
  at: Date.now() - 60_000,
});

async function importBody(slug: string, body: string): Promise<Response> {
  const request = new Request(`http://x/api/projects/${slug}/import`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer import-batch-test-token',
      'content-type': 'application/json',
      [CLIENT_ADDRESS_HEADER]: 'importer',
    },
    body,
  });
  return POST(request, { params: Promise.resolve({ slug }) });
}

it(
  'accepts the documented maximum batch with every field at its longest, far over the other routes’ 64 KiB',
  { timeout: 60_000 },
  async () => {
    const slug = await createProject(getRedis());
    const body = JSON.stringify({ events: Array.from({ length: IMPORT_MAX_EVENTS }, (_, i) => longestNews(i)) });
    expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_BODY_BYTES);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(IMPORT_BODY_BYTES);
    const response = await importBody(slug, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: IMPORT_MAX_EVENTS });
  },
);

it('refuses one event over the maximum with a 400 naming `events`, and a body over the route’s limit with a 413, writing nothing', async () => {
  const slug = await createProject(getRedis());
  const over = await importBody(
    slug,
    JSON.stringify({ events: Array.from({ length: IMPORT_MAX_EVENTS + 1 }, (_, i) => longestNews(i)) }),
  );
  expect(over.status).toBe(400);
  expect((await over.json()).error).toMatchObject({ code: 'invalid_input', field: 'events' });
  const padded = JSON.stringify({ events: [longestNews(0)] }) + ' '.repeat(IMPORT_BODY_BYTES);
  const tooBig = await importBody(slug, padded);
  expect(tooBig.status).toBe(413);
  expect((await tooBig.json()).error.code).toBe('body_too_large');
  const keys = liveEventKeys(slug);
  expect(await getRedis().exists(keys.news, keys.newsDetails)).toBe(0);
});

it('the OpenAPI document states both limits of the import', () => {
  const route = ROUTES.find((found) => found.path === '/api/projects/{slug}/import')!;
  expect(route.description).toContain(`At most ${IMPORT_MAX_EVENTS.toLocaleString('en')} events`);
  expect(route.description).toContain('4 MiB');
  expect(route.body?.maxBytes).toBe(IMPORT_BODY_BYTES);
});
