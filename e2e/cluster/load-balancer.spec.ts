import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { INSTANCE_HEADER } from '../../lib/http/instance-header';
import type { Redis } from 'ioredis';
import { waitUntilReady } from '../../lib/redis/client';
import { createProject } from '../support/fixtures';
import { ScaledStack } from '../support/scaled-stack';
import { rawSocket, visitorCookie } from '../support/visitor';

/**
 * HAProxy in front of two instances (lib/scale/haproxy.ts). The balancer does not care where the
 * data lives, so these run on one redis-server; e2e/cluster/ has the Redis Cluster ones.
 */
test.describe.configure({ mode: 'default' });

let stack: ScaledStack;
test.beforeAll(async () => {
  stack = await ScaledStack.start({ RATE_LIMIT_PER_MIN: '5' });
});
test.afterAll(async () => stack.stop());

const instanceOf = (headers: Record<string, string>) => headers[INSTANCE_HEADER.toLowerCase()];

test('every response names its instance, and HAProxy spreads requests over both', async () => {
  const seen = new Set<string | undefined>();
  for (let i = 0; i < 6; i++) {
    // No cookie jar: each call is a new client; with no connection held, leastconn takes the two in turn.
    const response = await fetch(`${stack.url}/api/health`);
    expect(response.status).toBe(200);
    seen.add(response.headers.get(INSTANCE_HEADER) ?? undefined);
  }
  expect([...seen].sort()).toEqual(['instance-1', 'instance-2']);
  // Socket.IO's own responses (the long-polling transport) name it too, and 404s as well.
  const handshake = await fetch(`${stack.url}/socket.io/?EIO=4&transport=polling`);
  expect(handshake.headers.get(INSTANCE_HEADER)).toMatch(/^instance-[12]$/);
  const missing = await fetch(`${stack.url}/no-such-page`);
  expect([missing.status, missing.headers.get(INSTANCE_HEADER)?.startsWith('instance-')]).toEqual([404, true]);
});

test('the footer names the instance, and the SERVERID cookie keeps a browser on it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  const first = await page.goto('/leaderboard');
  const name = instanceOf(first!.headers());
  expect(name).toMatch(/^instance-[12]$/);
  await expect(page.getByTestId('instance-name')).toHaveText(name!);
  for (let i = 0; i < 3; i++) {
    const again = await page.reload();
    expect(instanceOf(again!.headers())).toBe(name);
  }
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-state', 'live');

  const other = name === 'instance-1' ? 'instance-2' : 'instance-1';
  await context.addCookies([{ name: 'SERVERID', value: other, url: stack.url }]);
  await page.goto('/');
  await expect(page.getByTestId('instance-name')).toHaveText(other);
  await context.close();
});

/**
 * One long-polling session, polled six times, each poll carrying the cookie HAProxy set at the
 * handshake, or the other instance's.
 */
async function pollSession(instance: 'own' | 'other'): Promise<number[]> {
  const handshake = await fetch(`${stack.url}/socket.io/?EIO=4&transport=polling`);
  const own = handshake.headers.get('set-cookie')?.split(';')[0] ?? '';
  expect(own).toMatch(/^SERVERID=instance-[12]$/);
  const cookie = instance === 'own' ? own : own.endsWith('1') ? 'SERVERID=instance-2' : 'SERVERID=instance-1';
  const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${stack.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie },
      body: i === 0 ? '40' : '3',
    });
    statuses.push(response.status);
  }
  return statuses;
}

test('long-polling (the fallback transport) sticks to one instance through the cookie', async () => {
  expect(await pollSession('own')).toEqual([200, 200, 200, 200, 200, 200]);
  // The control: sent to the other instance, where the session is unknown. (Without any cookie,
  // leastconn may send all six to the session's instance: the connections other tests hold decide.)
  expect(await pollSession('other')).toEqual([400, 400, 400, 400, 400, 400]);
});

/** A write from a given loopback address (Linux routes all of 127/8 to lo). */
function writeFrom(localAddress: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ name: 'Forger', amount: 1 });
    const call = httpRequest(
      `${stack.url}/api/projects/no-such-project/contributions`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

test('the rate limit counts the client HAProxy saw, whatever X-Forwarded-For it forges', async () => {
  const first: number[] = [];
  for (let i = 0; i < 7; i++) first.push(await writeFrom('127.0.0.2', `203.0.113.${i}`));
  expect(first).toEqual([404, 404, 404, 404, 404, 429, 429]);
  // Another client behind the same balancer has a budget of its own.
  expect(await writeFrom('127.0.0.3', '203.0.113.0')).toBe(404);
});

test('instances listen on loopback only: their port on this machine’s own address refuses connections', async () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((found) => found && found.family === 'IPv4' && !found.internal)?.address;
  test.skip(!external, 'this machine has no non-loopback address');
  for (const { app } of stack.site.apps) {
    await expect(fetch(`http://${external}:${app.port}/api/health`)).rejects.toThrow();
    expect((await fetch(`${app.baseURL}/api/health`)).status).toBe(200);
  }
});

test('a visitor cookie issued by one instance counts on another: the instances share VISITOR_SECRET', async () => {
  const redis = stack.createRedis();
  try {
    await waitUntilReady(redis);
    const slug = await createProject(redis as Redis);
    const cookie = await visitorCookie(stack.url);
    const viewing = async () =>
      ((await (await fetch(`${stack.url}/api/projects/${slug}/live`)).json()) as { visitors: { count: number } })
        .visitors.count;
    // One tab on each instance in turn: whichever issued the cookie, both count its visitor.
    for (const { app } of stack.site.apps) {
      const tab = rawSocket(app.baseURL, { cookie });
      expect((await tab.timeout(10_000).emitWithAck('project:watch', { slug })).ok).toBe(true);
      await expect.poll(viewing).toBe(1);
      tab.close();
      await expect.poll(viewing).toBe(0);
    }
  } finally {
    redis.disconnect();
  }
});
