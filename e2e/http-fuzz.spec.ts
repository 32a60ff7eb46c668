import { harnessRedis } from './support/harness-redis';
import { waitUntilReady } from '../lib/redis/client';
import { burstWritten, foldedEvents, fuzzRoutes, type FuzzTotals } from './support/http-fuzz';
import { createProject, expect, test } from './support/fixtures';
import { Stack } from './support/stack';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 200);

/** Its own app and Redis: every key of that Redis is compared before and after each 4xx. */
let stack: Stack;
test.beforeAll(async () => {
  // Folds far in the future and no write limit: nothing writes in the background between requests.
  stack = await Stack.start({ RATE_LIMIT_PER_MIN: '0', FOLD_WINDOW_MS: '600000', FOLD_MAX_WAIT_MS: '1200000' });
});
test.afterAll(async () => stack?.stop());

test.describe.configure({ mode: 'serial' });

test('a burst is one per address per 10 s', async ({ request }) => {
  const redis = harnessRedis(stack.redisUrl);
  await waitUntilReady(redis);
  try {
    const eventsBefore = await foldedEvents(redis);
    // The admin's while the simulator is off.
    const headers = { authorization: `Bearer ${stack.adminToken}` };
    const first = await request.post(`${stack.baseURL}/api/folding/burst`, { headers });
    const second = await request.post(`${stack.baseURL}/api/folding/burst`, { headers });
    expect(first.status()).toBe(202);
    expect(second.status()).toBe(429);
    expect(Number(second.headers()['retry-after'])).toBeGreaterThan(0);
    // The burst's own writes are over before the fuzzing compares keys.
    await burstWritten(redis, eventsBefore, ((await first.json()) as { events: number }).events);
  } finally {
    redis.disconnect();
  }
});

test('every route, fuzzed: a 2xx or the spec’s 4xx, never a 5xx, and a 4xx writes nothing', async ({ request }) => {
  test.setTimeout(600_000);
  const redis = harnessRedis(stack.redisUrl);
  await waitUntilReady(redis);
  try {
    const slug = await createProject(redis);
    const api = (path: string) => `${stack.baseURL}${path}`;
    const admin = { Authorization: `Bearer ${stack.adminToken}` };
    const contribution = await (
      await request.post(api(`/api/projects/${slug}/contributions`), { data: { name: 'Ana', amount: 5 } })
    ).json();
    const news = await (
      await request.post(api(`/api/projects/${slug}/news`), {
        headers: admin,
        data: { title: 'Hi', url: 'https://example.org' },
      })
    ).json();
    const session = await (await request.post(api('/api/quiz/sessions'))).json();
    const target = {
      baseURL: stack.baseURL,
      slug,
      contributionId: contribution.id,
      newsId: news.id,
      sessionId: session.id,
      questionId: session.question.id,
      adminToken: stack.adminToken,
    };

    const totals: FuzzTotals = await fuzzRoutes(stack.baseURL, redis, target, RUNS_PER_ROUTE);
    test.info().annotations.push({
      type: 'fuzz',
      description: JSON.stringify({
        requests: totals.requests,
        byStatus: totals.byStatus,
        refusedAsExpected: totals.refusedAsExpected,
        retried: totals.retried,
      }),
    });
    if (totals.retried.length > 0) console.warn(`no answer at first, sent again: ${JSON.stringify(totals.retried)}`);
    expect(totals.unexpected).toEqual([]);
    // Writes from another site's page, and bodies that are not JSON, were sent, and refused as such.
    expect(totals.refusedAsExpected[403]).toBeGreaterThan(RUNS_PER_ROUTE);
    expect(totals.refusedAsExpected[415]).toBeGreaterThan(RUNS_PER_ROUTE);
    expect(totals.writesOn4xx).toEqual([]);
    expect(totals.requests).toBeGreaterThan(RUNS_PER_ROUTE * 18);
    expect((await request.get(api('/api/health'))).status()).toBe(200);
  } finally {
    redis.disconnect();
  }
});
