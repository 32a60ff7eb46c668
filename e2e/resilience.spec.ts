import { recordContribution } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import type { Redis } from 'ioredis';
import { createProject, expect, test } from './support/fixtures';
import { Stack } from './support/stack';

/** These break their own app and Redis, never the shared ones. */
test.describe.configure({ mode: 'serial' });

let stack: Stack;
test.beforeAll(async () => {
  stack = await Stack.start({ RATE_LIMIT_PER_MIN: '5' });
});
test.afterAll(async () => stack.stop());

const withRedis = <T>(work: (redis: Redis) => Promise<T>) => stack.withRedis(work);

test('the page survives a server restart and resyncs what it missed', async ({ page }) => {
  const slug = await withRedis((redis) => createProject(redis));
  await page.goto(`${stack.baseURL}/projects/${slug}`);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'live');

  await stack.app.stop();
  await expect(status).toHaveAttribute('data-state', 'reconnecting');
  await expect(status).toContainText('Reconnecting');
  await withRedis((redis) =>
    recordContribution(
      slug,
      { id: 'while-down', name: 'Missed while down', amount: 9 },
      { redis, windows: DEFAULT_WINDOWS, now: Date.now },
    ),
  );

  await stack.app.start();
  await expect(status).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(page.getByTestId('contributor-item')).toHaveCount(1);
  await expect(page.getByTestId('contributor-item')).toContainText('Missed while down');
  await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', '1');
});

test('Redis down: the API answers 503, pages say reconnecting, and both recover without a restart', async ({
  page,
  request,
}) => {
  const slug = await withRedis((redis) => createProject(redis));
  await page.goto(`${stack.baseURL}/projects/${slug}`);
  const status = page.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-state', 'live');

  await stack.stopRedis();
  await expect(status).toHaveAttribute('data-state', 'reconnecting');
  const down = await request.get(`${stack.baseURL}/api/projects/${slug}/live`);
  expect(down.status()).toBe(503);
  expect((await down.json()).error.code).toBe('unavailable');
  // A static page (no server read to fail) says so from its socket, which cannot get a snapshot.
  const ops = await page.context().newPage();
  expect((await ops.goto(`${stack.baseURL}/ops`))?.status()).toBe(200);
  await expect(ops.getByTestId('connection-status')).toHaveAttribute('data-state', 'reconnecting');
  await expect(ops.getByTestId('ops-loading')).toContainText('briefly unavailable');

  await stack.startRedis();
  await withRedis((redis) => createProject(redis, slug));
  await expect(status).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(ops.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');
  await expect(ops.getByTestId('folding-ratio')).toBeVisible();
  const contribution = await request.post(`${stack.baseURL}/api/projects/${slug}/contributions`, {
    data: { name: 'Back again', amount: 5 },
  });
  expect(contribution.status()).toBe(201);
  await expect(page.getByTestId('contributor-item')).toContainText('Back again');
});

test('a client writing too fast gets 429 with Retry-After', async ({ request }) => {
  const slug = await withRedis((redis) => createProject(redis));
  const statuses: number[] = [];
  let retryAfter: string | undefined;
  for (let i = 0; i < 7; i++) {
    const response = await request.post(`${stack.baseURL}/api/projects/${slug}/contributions`, {
      data: { name: 'Fast', amount: 1 },
    });
    statuses.push(response.status());
    retryAfter ??= response.headers()['retry-after'];
  }
  expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(5);
  expect(statuses.at(-1)).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});
