import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { takeFromAddress } from '../../lib/limits/address-limits';
import { limitQuizStarts } from '../../lib/http/rate-limit';
import { limitKey } from '../../lib/limits/limit-key';
import { route } from '../../lib/http/route';
import type { RedisClient } from '../../lib/redis/client';
import { openSocket } from '../../lib/realtime/scripts';
import { openSocketsKey } from '../../lib/realtime/keys';
import { connect, createProject } from '../support';
import { startInProcessApp, type ClientSocket, type InProcessApp } from './in-process-app';

/**
 * Findings 2 and 3: identity costs something. Every per-address limit counts in Redis, so two
 * instances (here: the app in this process and a second client on the same Redis, as another
 * instance's) share one budget; an IPv6 /64 is one address; sockets are capped per address and
 * their events budgeted per address. TRUST_PROXY=1 lets each test play addresses of its own.
 */
let app: InProcessApp;
let otherInstance: RedisClient;
const LIMIT_VARIABLES = [
  'RATE_LIMIT_NEW_VISITORS_PER_HOUR',
  'RATE_LIMIT_QUIZ_STARTS_PER_HOUR',
  'RATE_LIMIT_READS_PER_MIN',
  'RATE_LIMIT_SOCKET_EVENTS_PER_MIN',
  'RATE_LIMIT_SOCKETS_PER_ADDRESS',
];
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startInProcessApp();
  otherInstance = await connect();
});
afterAll(async () => {
  otherInstance.disconnect();
  await app.close();
});
afterEach(() => {
  process.env.RATE_LIMIT_PER_MIN = '0';
  for (const name of LIMIT_VARIABLES) delete process.env[name];
});
const limits = (settings: Record<string, number>) => {
  process.env.RATE_LIMIT_PER_MIN = '120';
  for (const [name, value] of Object.entries(settings)) process.env[name] = String(value);
};

let next = 0;
/**
 * An address no other test uses: IPv4 from TEST-NET-3, or a fresh IPv6 /64 of the documentation
 * prefix. Each one counts on from the last, never by chance: a random host met an earlier call's
 * about one time in 50, and a test then found the places or event budget another socket held.
 * (Each project's Redis is its own and throwaway, so a run needs no randomness to stay apart.)
 */
const freshV4 = () => {
  if (next >= 254) throw new Error('TEST-NET-3 has no fresh address left');
  return `203.0.113.${++next}`;
};
const freshV6 = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(next++).toString(16)}`;

async function pageLoad(address: string): Promise<{ status: number; cookie: boolean; retryAfter: string | null }> {
  const response = await fetch(`${app.url}/en/projects/x`, {
    headers: { accept: 'text/html', 'x-forwarded-for': address },
  });
  await response.text();
  return {
    status: response.status,
    cookie: response.headers.getSetCookie().some((c) => c.startsWith('cp_vid=')),
    retryAfter: response.headers.get('retry-after'),
  };
}

const openFrom = (address: string) => app.open({ headers: { 'x-forwarded-for': address } });

describe('the limit key', () => {
  it('is the IPv4 address itself (IPv4-mapped IPv6 too) and an IPv6 address’s /64', () => {
    expect(limitKey('192.0.2.9')).toBe('192.0.2.9');
    expect(limitKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(limitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKey('unknown')).toBe('unknown');
  });
});

describe('new visitor ids', () => {
  it('are limited per address in Redis: a second instance’s ids come out of the same budget', async () => {
    limits({ RATE_LIMIT_NEW_VISITORS_PER_HOUR: 6 });
    const address = freshV4();
    for (let i = 0; i < 4; i++)
      expect(await takeFromAddress('new-visitor-ids', address, otherInstance)).toBeUndefined();
    const loads = [];
    for (let i = 0; i < 4; i++) loads.push(await pageLoad(address));
    expect(loads.map((load) => load.cookie)).toEqual([true, true, false, false]);
    // Pages are still served, uncounted.
    expect(loads.map((load) => load.status)).toEqual([200, 200, 200, 200]);
  });

  it('every address of one IPv6 /64 shares one budget; the next /64 has its own', async () => {
    limits({ RATE_LIMIT_NEW_VISITORS_PER_HOUR: 4 });
    const prefix = freshV6();
    const cookies = [];
    for (const host of ['::1', '::2', ':ffff:1:2:3', ':abcd::9', '::5'])
      cookies.push((await pageLoad(`${prefix}${host}`)).cookie);
    expect(cookies).toEqual([true, true, true, true, false]);
    expect((await pageLoad(`${freshV6()}::1`)).cookie).toBe(true);
  });
});

/** A follow, or a feed read, from a client with no cookie jar. */
async function cookielessCall(
  address: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; cookie?: string; retryAfter: string | null }> {
  const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  const response = await fetch(`${app.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
  });
  await response.text();
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('cp_vid='))
    ?.split(';')[0];
  return { status: response.status, cookie, retryAfter: response.headers.get('retry-after') };
}

describe('follows and feed reads', () => {
  it('take new ids from the same per-address budget: over it, a follow is a 429 with the limit’s wait; a feed read is given no id', async () => {
    limits({ RATE_LIMIT_NEW_VISITORS_PER_HOUR: 3 });
    const slug = await createProject(app.redis);
    const address = freshV4();
    expect(await pageLoad(address)).toMatchObject({ cookie: true });
    const follows = [];
    for (let i = 0; i < 4; i++) follows.push(await cookielessCall(address, '/api/follows', { slug }));
    expect(follows.map((follow) => follow.status)).toEqual([201, 201, 429, 429]);
    expect(new Set(follows.map((follow) => follow.cookie).filter(Boolean)).size).toBe(2);
    expect(follows[2]!.cookie).toBeUndefined();
    // The new-id limit's own wait (most of its hour), not a made-up minute.
    const wait = Number(follows[2]!.retryAfter);
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    // Feed reads and unfollows without a cookie take nothing, give nothing, and are not refused.
    for (let i = 0; i < 3; i++) {
      expect(await cookielessCall(address, '/api/feed?limit=5')).toEqual({
        status: 200,
        cookie: undefined,
        retryAfter: null,
      });
      expect(await cookielessCall(address, '/api/follows')).toEqual({
        status: 200,
        cookie: undefined,
        retryAfter: null,
      });
    }
    const unfollow = await fetch(`${app.url}/api/follows/${slug}`, {
      method: 'DELETE',
      headers: { 'x-forwarded-for': address },
    });
    expect([unfollow.status, unfollow.headers.getSetCookie()]).toEqual([204, []]);
    // A follower with a cookie is not refused, and a client cannot forge the wait.
    const cookie = follows[0]!.cookie!;
    const known = await fetch(`${app.url}/api/follows`, {
      method: 'POST',
      body: JSON.stringify({ slug }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, cookie },
    });
    expect(known.status).toBe(200);
    const forged = await fetch(`${app.url}/api/follows`, {
      method: 'POST',
      body: JSON.stringify({ slug }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'x-crowdpulse-new-visitor-wait': '1' },
    });
    expect(Number(forged.headers.get('retry-after'))).toBeGreaterThan(3_000);
  });
});

describe('page loads and API reads', () => {
  it('are limited per address: over it, a 429 with Retry-After, and no cookie', async () => {
    limits({ RATE_LIMIT_READS_PER_MIN: 3 });
    const address = freshV4();
    const loads = [];
    for (let i = 0; i < 5; i++) loads.push(await pageLoad(address));
    expect(loads.map((load) => load.status)).toEqual([200, 200, 200, 429, 429]);
    expect(Number(loads[3]!.retryAfter)).toBeGreaterThan(0);
    expect(loads[3]!.cookie).toBe(false);
    const api = await fetch(`${app.url}/api/projects/x/live`, { headers: { 'x-forwarded-for': address } });
    expect([api.status, (await api.json()).error.code]).toEqual([429, 'rate_limited']);
    // HAProxy's health check is never refused.
    expect((await fetch(`${app.url}/api/health`, { headers: { 'x-forwarded-for': address } })).status).toBe(200);
  });
});

describe('quiz starts', () => {
  it('are limited per address; a refused start runs nothing and gets 429 with Retry-After', async () => {
    limits({ RATE_LIMIT_QUIZ_STARTS_PER_HOUR: 2 });
    const address = freshV4();
    const start = vi.fn(async () => Response.json({}, { status: 201 }));
    const post = route(start, { write: true, limit: limitQuizStarts });
    const request = () =>
      new Request('http://x/api/quiz/sessions', { method: 'POST', headers: { [CLIENT_ADDRESS_HEADER]: address } });
    expect(await takeFromAddress('quiz-starts', address, otherInstance)).toBeUndefined();
    const statuses = [];
    let refused: Response | undefined;
    for (let i = 0; i < 3; i++) {
      const response = await post(request(), {});
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses).toEqual([201, 429, 429]);
    expect(start).toHaveBeenCalledTimes(1);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('sockets', () => {
  const closeAll = (sockets: ClientSocket[]) => sockets.forEach((socket) => socket.close());

  it('are capped per address across instances: over the cap the handshake is refused; a closed one frees its place', async () => {
    limits({ RATE_LIMIT_SOCKETS_PER_ADDRESS: 3 });
    const address = freshV4();
    // Another instance holds one socket of this address.
    expect(
      await openSocket.run(
        otherInstance,
        { sockets: openSocketsKey(address) },
        { id: 'elsewhere', now: Date.now(), ttl: 60_000, cap: 3 },
      ),
    ).toBe(true);
    const held = [await openFrom(address), await openFrom(address)];
    // Refused at the Engine.IO handshake (lib/realtime/handshake.ts): the client sees its transport fail.
    await expect(openFrom(address)).rejects.toThrow();
    expect(await otherInstance.zcard(openSocketsKey(address))).toBe(3);
    const other = await openFrom(freshV4());
    held[0]!.close();
    await expect.poll(() => otherInstance.zcard(openSocketsKey(address))).toBe(2);
    held[0] = await openFrom(address);
    closeAll([...held, other]);
  });

  it('a place its instance stopped renewing (a crash) is free again', async () => {
    limits({ RATE_LIMIT_SOCKETS_PER_ADDRESS: 1 });
    const address = freshV4();
    await otherInstance.zadd(openSocketsKey(address), Date.now() - 1, 'crashed-instance-socket');
    const socket = await openFrom(address);
    socket.close();
  });

  it('share one event budget per address, whatever the number of sockets', async () => {
    limits({ RATE_LIMIT_SOCKET_EVENTS_PER_MIN: 10 });
    const address = freshV4();
    const sockets = await Promise.all(Array.from({ length: 5 }, () => openFrom(address)));
    const replies = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: 4 }, () => socket.timeout(5_000).emitWithAck('leaderboard:watch')),
      ),
    );
    expect(replies.filter((reply) => !reply.ok && reply.error === 'rate-limited').length).toBe(10);
    // Another address is not affected.
    const elsewhere = await openFrom(freshV4());
    expect(await elsewhere.timeout(5_000).emitWithAck('leaderboard:watch')).not.toMatchObject({
      error: 'rate-limited',
    });
    closeAll([...sockets, elsewhere]);
  });
});

it('RATE_LIMIT_PER_MIN=0 turns every per-address limit off', async () => {
  limits({
    RATE_LIMIT_NEW_VISITORS_PER_HOUR: 1,
    RATE_LIMIT_READS_PER_MIN: 1,
    RATE_LIMIT_SOCKETS_PER_ADDRESS: 1,
    RATE_LIMIT_SOCKET_EVENTS_PER_MIN: 1,
    RATE_LIMIT_QUIZ_STARTS_PER_HOUR: 1,
  });
  process.env.RATE_LIMIT_PER_MIN = '0';
  const address = freshV4();
  for (let i = 0; i < 3; i++) expect(await pageLoad(address)).toMatchObject({ status: 200, cookie: true });
  for (let i = 0; i < 3; i++) expect(await takeFromAddress('quiz-starts', address)).toBeUndefined();
  const slug = await createProject(app.redis);
  const follows = [];
  for (let i = 0; i < 3; i++) follows.push(await cookielessCall(address, '/api/follows', { slug }));
  expect(follows.map((follow) => follow.status)).toEqual([201, 201, 201]);
  expect(new Set(follows.map((follow) => follow.cookie)).size).toBe(3);
  const sockets = await Promise.all(Array.from({ length: 3 }, () => openFrom(address)));
  const replies = await Promise.all(sockets.map((socket) => socket.timeout(5_000).emitWithAck('leaderboard:watch')));
  expect(replies.filter((reply) => !reply.ok && reply.error === 'rate-limited')).toEqual([]);
  sockets.forEach((socket) => socket.close());
});
