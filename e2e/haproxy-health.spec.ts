import { freePort } from '../lib/redis/embedded';
import { startHaproxy, type HaproxyHandle } from '../lib/scale/haproxy';
import { expect, test } from './support/fixtures';
import { Stack } from './support/stack';

/**
 * docs/operations.md, "Running at scale": HAProxy's health check accepts 200 and 503, because a 503 means
 * Redis is unreachable, which every instance shares; clients then get the app's own 503 (JSON,
 * Retry-After), not HAProxy's "no server available". Real HAProxy (lib/scale/haproxy.ts) in
 * front of a real instance whose Redis is stopped for longer than 3 failed checks would take.
 */
let stack: Stack;
let haproxy: HaproxyHandle;
test.beforeAll(async () => {
  stack = await Stack.start({ INSTANCE_NAME: 'health-a' });
  haproxy = await startHaproxy(await freePort(), [{ name: 'instance-1', port: stack.app.port }]);
});
test.afterAll(async () => {
  await haproxy?.stop();
  await stack?.stop();
});

async function throughHaproxy() {
  const response = await fetch(`${haproxy.url}/api/health`);
  const body = await response.text();
  return {
    status: response.status,
    instance: response.headers.get('x-crowdpulse-instance'),
    retryAfter: response.headers.get('retry-after'),
    body,
  };
}

test('an instance answering 503 (Redis down) stays in rotation: clients get its own 503, then 200 once Redis is back', async () => {
  expect(await throughHaproxy()).toMatchObject({ status: 200, instance: 'health-a' });

  await stack.stopRedis();
  await expect.poll(async () => (await fetch(`${stack.baseURL}/api/health`)).status).toBe(503);
  // `inter 1s fall 3`: were a 503 a failed check, the server would be down after ~3 s.
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    const answer = await throughHaproxy();
    expect(answer).toMatchObject({ status: 503, instance: 'health-a', retryAfter: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'unavailable' } });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  await stack.startRedis();
  await expect.poll(async () => (await throughHaproxy()).status, { timeout: 15_000 }).toBe(200);
});
