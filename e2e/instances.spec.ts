import { harnessRedis } from './support/harness-redis';
import { VISITORS_SETTLE_DELAY_MS } from '../lib/live-events/presence';
import { DEFAULT_WINDOWS, heartbeatInterval } from '../lib/live-events/windows';
import { waitUntilReady } from '../lib/redis/client';
import { createProject, expect, test } from './support/fixtures';
import { Stack } from './support/stack';

/** Two app instances on one Redis, as behind a load balancer, with a short presence window. */
const WINDOW_VISITORS_MS = 4_000;
let stack: Stack;
// Three app starts (two, then a restart), each up to 30 s when the machine is busy.
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  stack = await Stack.start({ WINDOW_VISITORS_MS: String(WINDOW_VISITORS_MS) });
  await stack.addApp();
});
test.afterAll(async () => stack.stop());

test('changes reach pages on every instance; a crashed instance’s viewers age out', async ({ browser, request }) => {
  const redis = harnessRedis(stack.redisUrl);
  await waitUntilReady(redis);
  const slug = await createProject(redis);
  redis.disconnect();
  const [first, second] = stack.apps as [(typeof stack.apps)[0], (typeof stack.apps)[0]];

  const onFirst = await (await browser.newContext()).newPage();
  const onSecond = await (await browser.newContext()).newPage();
  await onFirst.goto(`${first.baseURL}/projects/${slug}`);
  await onSecond.goto(`${second.baseURL}/projects/${slug}`);
  await expect(onFirst.getByTestId('visitors-count')).toHaveAttribute('data-count', '2');
  await expect(onSecond.getByTestId('visitors-count')).toHaveAttribute('data-count', '2');

  const posted = await request.post(`${second.baseURL}/api/projects/${slug}/contributions`, {
    data: { name: 'Via the second instance', amount: 12 },
  });
  expect(posted.status()).toBe(201);
  await expect(onFirst.getByTestId('contributor-item')).toContainText('Via the second instance');

  await first.stop('SIGKILL');
  await expect(onFirst.getByTestId('connection-status')).toHaveAttribute('data-state', 'reconnecting');
  // Nobody said goodbye for the viewer on the crashed instance: they stop counting within one
  // window, and the pages hear it with the survivor's next heartbeat (3 s more for a busy machine).
  const agedOut =
    WINDOW_VISITORS_MS +
    heartbeatInterval({ ...DEFAULT_WINDOWS, visitors: WINDOW_VISITORS_MS }) +
    VISITORS_SETTLE_DELAY_MS +
    3_000;
  await expect(onSecond.getByTestId('visitors-count')).toHaveAttribute('data-count', '1', { timeout: agedOut });
  await first.start();
  await expect(onFirst.getByTestId('connection-status')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(onSecond.getByTestId('visitors-count')).toHaveAttribute('data-count', '2');
});
