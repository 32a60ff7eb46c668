import { harnessRedis } from './support/harness-redis';
import { createProject, expect, test } from './support/fixtures';
import { waitUntilReady } from '../lib/redis/client';
import { Stack } from './support/stack';

/** An instance of its own: a low write limit to meet, info logs to read, a Redis to restart. */
let stack: Stack;
test.beforeAll(async () => {
  stack = await Stack.start({
    RATE_LIMIT_PER_MIN: '4',
    FOLD_WINDOW_MS: '300',
    LOG_LEVEL: 'info',
    INSTANCE_NAME: 'metrics-a',
  });
});
test.afterAll(async () => stack?.stop());

/** `name{labels} value` lines of a scrape, summed over the series whose labels contain every given pair. */
function valueOf(scrape: string, name: string, labels: Record<string, string> = {}): number {
  return scrape
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test('the app and the tests run on Node 24 or newer (README: the `node` package of node_modules/.bin)', async ({
  request,
}) => {
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  const scrape = await (
    await request.get(`${stack.baseURL}/api/metrics`, { headers: { authorization: `Bearer ${stack.adminToken}` } })
  ).text();
  expect(Number(/^crowdpulse_nodejs_version_info\{[^}]*major="(\d+)"/m.exec(scrape)?.[1])).toBeGreaterThanOrEqual(24);
});

test('a scrape after real traffic shows every figure moved, and each request logged once', async ({
  browser,
  request,
}) => {
  const base = stack.baseURL;
  const scrape = async () =>
    (await request.get(`${base}/api/metrics`, { headers: { authorization: `Bearer ${stack.adminToken}` } })).text();
  const redis = harnessRedis(stack.redisUrl);
  await waitUntilReady(redis);
  const slug = await createProject(redis);
  await redis.quit();

  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/projects/${slug}`);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');

  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await request.post(`${base}/api/projects/${slug}/contributions`, {
      data: { name: `Metric ${i}`, amount: 2 },
      headers: { 'X-Request-Id': `metrics-req-${i}` },
    });
    statuses.push(response.status());
    expect(response.headers()['x-request-id']).toBe(`metrics-req-${i}`);
  }
  expect(statuses).toContain(429);
  await expect(page.getByTestId('contributor-item').first()).toBeVisible();

  let metrics = await scrape();
  const instance = { app_instance: 'metrics-a' };
  expect(
    valueOf(metrics, 'crowdpulse_http_request_duration_seconds_count', {
      ...instance,
      method: 'POST',
      route: '/api/projects/[slug]/contributions',
      status: '201',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_http_request_duration_seconds_count', {
      route: '/api/projects/[slug]/contributions',
      status: '429',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/projects/[slug]',
      status: '200',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(valueOf(metrics, 'crowdpulse_socket_connections', instance)).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_live_pushes_total', { ...instance, event: 'live:change' }),
  ).toBeGreaterThanOrEqual(1);
  expect(valueOf(metrics, 'crowdpulse_pubsub_messages_total', instance)).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_rate_limit_refusals_total', { ...instance, limit: 'http-writes' }),
  ).toBeGreaterThanOrEqual(1);
  // Shared counters, read from Redis: no instance label.
  expect(metrics).toMatch(/^crowdpulse_folding_events_total [1-9]/m);
  // The contributions' metric events fold after 300 ms and this instance's poller publishes them.
  await expect
    .poll(async () => valueOf(await scrape(), 'crowdpulse_folding_poller_lag_seconds_count', instance))
    .toBeGreaterThanOrEqual(1);

  await stack.stopRedis();
  await expect.poll(async () => (await request.get(`${base}/api/health`)).status()).toBe(503);
  await stack.startRedis();
  await expect.poll(async () => (await request.get(`${base}/api/health`)).status(), { timeout: 15_000 }).toBe(200);
  metrics = await scrape();
  expect(
    valueOf(metrics, 'crowdpulse_redis_reconnects_total', { ...instance, client: 'commands' }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_redis_reconnects_total', { ...instance, client: 'subscriber' }),
  ).toBeGreaterThanOrEqual(1);
  expect(valueOf(metrics, 'crowdpulse_redis_errors_total', instance)).toBeGreaterThanOrEqual(1);
  expect(
    valueOf(metrics, 'crowdpulse_http_request_duration_seconds_count', { route: '/api/health', status: '503' }),
  ).toBeGreaterThanOrEqual(1);

  const lines = stack.app.output.split('\n').filter((line) => line.includes('"reqId":"metrics-req-'));
  expect(lines).toHaveLength(6);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    reqId: 'metrics-req-0',
    method: 'POST',
    route: '/api/projects/[slug]/contributions',
    status: 201,
    ms: expect.any(Number),
  });
});
