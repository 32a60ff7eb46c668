import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { projectTag } from '../../lib/projects/keys';
import type { RedisClient } from '../../lib/redis/client';
import { canConnect } from '../../lib/redis/embedded';
import { createProject } from '../support/fixtures';
import { pinnedApi, pinnedPage } from '../support/pinned';
import { ScaledStack } from '../support/scaled-stack';

/** Breaks things: a master of the Redis Cluster, then an app instance. Own stack, in order. */
test.describe.configure({ mode: 'default' });

const WINDOW_VISITORS_MS = 4_000;
let stack: ScaledStack;
let redis: RedisClient;
test.beforeAll(async () => {
  // Two replicas a master: the promoted one still has a replica, so acknowledged writes (which wait for one) go on.
  stack = await ScaledStack.start(
    { WINDOW_VISITORS_MS: String(WINDOW_VISITORS_MS) },
    { store: 'cluster', replicasPerMaster: 2 },
  );
  redis = stack.createRedis();
});
test.afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Answer = { sentAt: number; status: number };

/** Calls `send` one after the other until stopped, keeping when each was sent and its status. */
function keepCalling(send: (n: number) => Promise<number>) {
  const answers: Answer[] = [];
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const sentAt = Date.now();
      // A call in flight on a process that dies fails without a status: 0.
      answers.push({ sentAt, status: await send(n).catch(() => 0) });
      await sleep(50);
    }
  })();
  return { answers, stop: async () => ((running = false), await done) };
}

test('a master is SIGKILLed mid-traffic: 503 at most for a moment, never another 5xx, writes recover by themselves, pages resync', async ({
  browser,
}) => {
  const slug = await createProject(redis);
  const pages = [
    await pinnedPage(browser, stack.url, 'instance-1', `/projects/${slug}`),
    await pinnedPage(browser, stack.url, 'instance-2', `/projects/${slug}`),
  ];
  const api = await pinnedApi(stack.url, 'instance-1');
  const writes = keepCalling(async (n) =>
    (await api.post(`/api/projects/${slug}/contributions`, { data: { name: `Writer ${n}`, amount: 1 } })).status(),
  );
  const accepted = (after = 0) =>
    writes.answers.filter(({ sentAt, status }) => sentAt >= after && status === 201).length;
  await expect.poll(() => accepted(), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);

  const master = await stack.cluster.masterFor(projectTag(slug));
  const killedAt = Date.now();
  await stack.cluster.killNode(master.port, 'SIGKILL');
  // A replica is promoted within ~2.5 s (cluster-node-timeout 1000); writes succeed again by themselves.
  // Waited for as an event, within the test's own time: how fast is the chaos run's figure, not this verdict.
  await expect
    .poll(() => writes.answers.some(({ sentAt, status }) => sentAt > killedAt && status === 201), {
      timeout: test.info().timeout,
    })
    .toBe(true);
  const recoveredAt = writes.answers.find(({ sentAt, status }) => sentAt > killedAt && status === 201)!.sentAt;
  // Not one write that slipped through: writes go on being accepted after it.
  await expect.poll(() => accepted(recoveredAt), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
  await writes.stop();

  const statuses = new Set(writes.answers.map(({ status }) => status));
  expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);
  test.info().annotations.push({
    type: 'failover',
    description: `${writes.answers.filter(({ status }) => status === 503).length} answers 503; first write accepted ${recoveredAt - killedAt} ms after the kill`,
  });

  // The truth is what the promoted replica holds (it may lack the last acknowledged live events):
  // every open page shows exactly that, and keeps following.
  const truth = async () =>
    ((await (await api.get(`/api/projects/${slug}/live`)).json()) as { contributions: { count: number } }).contributions
      .count;
  for (const page of pages) {
    await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
    await expect
      .poll(async () => Number(await page.getByTestId('contributions-count').getAttribute('data-count')), {
        timeout: 10_000,
      })
      .toBe(await truth());
  }
  expect(
    (
      await api.post(`/api/projects/${slug}/contributions`, { data: { name: 'After the failover', amount: 2 } })
    ).status(),
  ).toBe(201);
  const count = await truth();
  for (const page of pages) {
    await expect(page.getByTestId('contributor-item').filter({ hasText: 'After the failover' })).toHaveCount(1);
    await expect(page.getByTestId('contributions-count')).toHaveAttribute('data-count', String(count));
  }
  await api.dispose();
});

test('an instance crashes: its viewers age out, and HAProxy keeps serving from the other', async ({ browser }) => {
  const slug = await createProject(redis);
  const onFirst = await pinnedPage(browser, stack.url, 'instance-1', `/projects/${slug}`);
  const onSecond = await pinnedPage(browser, stack.url, 'instance-2', `/projects/${slug}`);
  // A viewer connected straight to instance-1, which cannot come back through HAProxy.
  const straight = stack.instance('instance-1').baseURL;
  // Presence counts a visitor by the signed cookie a page load issues.
  const page = await fetch(`${straight}/projects/${slug}`, { headers: { accept: 'text/html' } });
  const cookie = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const stranded = io(straight, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  const watched = await stranded.timeout(10_000).emitWithAck('project:watch', { slug });
  expect(watched).toMatchObject({ ok: true });
  await expect(onSecond.getByTestId('visitors-count')).toHaveAttribute('data-count', '3');

  const reads = keepCalling(async () => (await fetch(`${stack.url}/api/projects/${slug}/live`)).status);
  await expect.poll(() => reads.answers.length).toBeGreaterThanOrEqual(3);
  const crashed = stack.instance('instance-1');
  await crashed.stop('SIGKILL');
  // Gone once nothing accepts on its port (tsx's node child dies a moment after tsx).
  await expect.poll(() => canConnect(crashed.port)).toBe(false);
  const crashedAt = Date.now();

  // Nobody said goodbye for the stranded viewer: it leaves within one window (and the heartbeat
  // that notices, every half window).
  await expect(onSecond.getByTestId('visitors-count')).toHaveAttribute('data-count', '2', {
    timeout: WINDOW_VISITORS_MS * 1.5 + 4_000,
  });
  // The page held on instance-1 reconnects through HAProxy, which sends it to instance-2.
  await expect(onFirst.getByTestId('connection-status')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  const posted = await fetch(`${stack.url}/api/projects/${slug}/contributions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'SERVERID=instance-1' },
    body: JSON.stringify({ name: 'Still served', amount: 3 }),
  });
  expect([posted.status, posted.headers.get('x-crowdpulse-instance')]).toEqual([201, 'instance-2']);
  await expect(onFirst.getByTestId('contributor-item')).toContainText('Still served');
  await reads.stop();
  stranded.disconnect();
  // Calls already in flight on the crashed instance may fail; every one sent after it is served.
  expect(reads.answers.filter(({ sentAt }) => sentAt > crashedAt).map(({ status }) => status)).toEqual(
    reads.answers.filter(({ sentAt }) => sentAt > crashedAt).map(() => 200),
  );
});
