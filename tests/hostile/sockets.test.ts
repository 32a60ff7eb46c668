import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from '../../lib/server/http-server';
import { readLiveSnapshot } from '../../lib/live-events';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';
import type { RedisClient } from '../../lib/redis/client';
import type { WatchReply } from '../../lib/realtime/events';
import { SOCKET_EVENTS_PER_WINDOW } from '../../lib/realtime/socket-limits';
import { recentlyViewedKey } from '../../lib/visitors/recently-viewed';
import { createProject, uniqueAddress } from '../support';
import { seriesValue, startInProcessApp, type ClientSocket, type InProcessApp } from './in-process-app';

const refusals = (limit: string) => seriesValue('crowdpulse_rate_limit_refusals_total', { limit });

/** The app's real HTTP and Socket.IO server in this process, so its rooms can be inspected. */
let app: InProcessApp;
let server: AppServer;
let url: string;
let redis: RedisClient;
let crashes: unknown[];

beforeAll(async () => {
  process.env.ALLOWED_ORIGINS = 'https://partner.example';
  process.env.TRUST_PROXY = '1'; // each test's page loads come from an address of its own
  app = await startInProcessApp();
  ({ server, url, redis, crashes } = app);
});

afterAll(async () => app.close());

const pageCookie = (headers: Record<string, string> = {}) => app.pageCookie(headers);
const open = (headers: Record<string, string> = {}) => app.open({ headers });

const watch = (socket: ClientSocket, request: object) =>
  socket.timeout(5_000).emitWithAck('project:watch', request as { slug: string }) as Promise<WatchReply>;
const viewing = async (slug: string) =>
  (await readLiveSnapshot(slug, { redis, windows: DEFAULT_WINDOWS, now: Date.now })).visitors.count;
const roomsLike = (prefix: string) =>
  [...server.io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith(prefix));

describe('forged viewers', () => {
  it('200 sockets without a cookie, each claiming its own visitor id, leave "people viewing" unchanged and record no view', async () => {
    const slug = await createProject(redis);
    const person = await open({ cookie: (await pageCookie())! });
    expect((await watch(person, { slug })).ok).toBe(true);
    expect(await viewing(slug)).toBe(1);

    const forged = await Promise.all(Array.from({ length: 200 }, () => open()));
    const ids = forged.map(() => randomBytes(12).toString('hex'));
    const replies = await Promise.all(forged.map((socket, i) => watch(socket, { slug, visitorId: ids[i] })));
    expect(replies.every((reply) => reply.ok)).toBe(true); // live pages all the same
    expect(await viewing(slug)).toBe(1);
    const views = await Promise.all(ids.map((id) => redis.exists(recentlyViewedKey(id))));
    expect(views.filter(Boolean)).toEqual([]);
    forged.forEach((socket) => socket.close());
    person.close();
  });

  it('a forged or tampered cookie counts nobody; three tabs of one real cookie count once', async () => {
    const slug = await createProject(redis);
    const cookie = (await pageCookie())!;
    // One character of the id changed (never to itself: 1 in 64 ids begin with an A).
    const tampered = cookie.replace(/cp_vid=(.)/, (_, first: string) => `cp_vid=${first === 'A' ? 'B' : 'A'}`);
    for (const bad of ['cp_vid=visitor-123456789', tampered]) {
      const socket = await open({ cookie: bad });
      expect((await watch(socket, { slug })).ok).toBe(true);
      expect(await viewing(slug)).toBe(0);
      socket.close();
    }
    const tabs = await Promise.all([open({ cookie }), open({ cookie }), open({ cookie })]);
    for (const tab of tabs) expect((await watch(tab, { slug })).ok).toBe(true);
    expect(await viewing(slug)).toBe(1);
    tabs.forEach((tab) => tab.close());
    await expect.poll(() => viewing(slug)).toBe(0);
  });

  it('rate limits new visitor ids per address', async () => {
    process.env.RATE_LIMIT_PER_MIN = '120';
    process.env.RATE_LIMIT_NEW_VISITORS_PER_HOUR = '20';
    try {
      const address = { 'x-forwarded-for': uniqueAddress() };
      const cookies = [];
      for (let i = 0; i < 30; i++) cookies.push(await pageCookie(address));
      expect(cookies.filter(Boolean).length).toBe(20);
      expect(cookies.at(-1)).toBeUndefined();
    } finally {
      process.env.RATE_LIMIT_PER_MIN = '0';
      delete process.env.RATE_LIMIT_NEW_VISITORS_PER_HOUR;
    }
  });

  it('refuses a handshake from a foreign Origin, accepts its own and ALLOWED_ORIGINS', async () => {
    await expect(open({ origin: 'https://evil.example' })).rejects.toThrow();
    await expect(open({ origin: 'null' })).rejects.toThrow();
    (await open({ origin: url })).close();
    (await open({ origin: 'https://partner.example' })).close();
  });
});

describe('the HTTP front door', () => {
  it('refuses a path with a malformed %-escape with a 400 before Next (which would answer a bare 500)', async () => {
    for (const path of ['/api/projects/%zz/live', '/api/projects/hg%(6*4/news', '/%E0%A4%A']) {
      const response = await fetch(url + path, { method: 'POST' });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_path');
    }
  });

  it('refuses a target over 4 KiB with a 400 before Next (whose 308 for a doubled or trailing slash repeats the target twice in its headers)', async () => {
    for (const path of [
      `/api/projects/?q=${'y'.repeat(5_000)}`,
      `/api/projects/Zt//contributions/${'x'.repeat(5_000)}`,
    ]) {
      const response = await fetch(url + path, { method: 'DELETE' });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_path');
    }
    expect((await fetch(`${url}/api/projects/x/contributions/${'x'.repeat(4_000)}`)).status).not.toBe(400);
    // Over Node's 16 KiB of request head, its parser refuses it before any handler: the same 400, not a bare 431.
    const overflowing = await fetch(`${url}/api/projects/x/live?a=${'x'.repeat(20_000)}`);
    expect(overflowing.status).toBe(400);
    expect((await overflowing.json()).error.code).toBe('invalid_path');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('answers 400 to a request target that is no path (which fetch cannot send), and lives on', async () => {
    const { port } = server.httpServer.address() as AddressInfo;
    for (const target of ['http://[/', '*', 'example.org:443']) {
      const socket = net.connect(port, '127.0.0.1');
      socket.end(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      let reply = '';
      for await (const chunk of socket) reply += String(chunk);
      expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    }
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(crashes).toEqual([]);
  });
});

describe('floods and rooms', () => {
  it('a socket flooding creator:watch with unknown accounts is throttled and holds no rooms', async () => {
    const socket = await open();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        socket.timeout(5_000).emitWithAck('creator:watch', { account: `nobody_${i}` }),
      ),
    );
    expect(replies.filter((reply) => !reply.ok && reply.error === 'not-found').length).toBeLessThanOrEqual(
      SOCKET_EVENTS_PER_WINDOW,
    );
    expect(replies.filter((reply) => !reply.ok && reply.error === 'rate-limited').length).toBeGreaterThanOrEqual(
      100 - SOCKET_EVENTS_PER_WINDOW,
    );
    expect(roomsLike('creator:')).toEqual([]);
    expect(await refusals('socket-events')).toBeGreaterThanOrEqual(100 - SOCKET_EVENTS_PER_WINDOW);
    socket.close();
  });

  it('one project per socket: a new watch leaves the old room (and its viewer count); unknown projects get no room', async () => {
    const [first, second] = [await createProject(redis), await createProject(redis)];
    const socket = await open({ cookie: (await pageCookie())! });
    expect((await watch(socket, { slug: first })).ok).toBe(true);
    expect((await watch(socket, { slug: second })).ok).toBe(true);
    expect([await viewing(first), await viewing(second)]).toEqual([0, 1]);
    expect(await watch(socket, { slug: 'no-such-project' })).toEqual({ ok: false, error: 'not-found' });
    expect(roomsLike('project:')).toEqual([]);
    expect(await viewing(second)).toBe(0);
    socket.close();
  });
});

describe('fuzzed payloads', () => {
  it(
    'every event, any payload, with or without an ack, never throws and the socket still serves',
    { timeout: 60_000 },
    async () => {
      const slug = await createProject(redis);
      const events = ['project:watch', 'leaderboard:watch', 'ops:watch', 'creator:watch', 'no-such-event'] as const;
      const payload = fc.oneof(
        fc.anything({ maxDepth: 4 }),
        fc.record({ slug: fc.oneof(fc.string(), fc.constant(slug), fc.integer()), visitorId: fc.anything() }),
        fc.record({ account: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()) }),
        fc.constant({ ['__proto__']: { polluted: true }, constructor: { prototype: { polluted: true } } }),
        fc.string({ minLength: 10_000, maxLength: 10_000 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...events),
          fc.array(payload, { maxLength: 3 }),
          fc.boolean(),
          async (event, args, withAck) => {
            const socket = await open();
            const emit = socket.emit.bind(socket) as (name: string, ...rest: unknown[]) => void;
            if (withAck)
              await new Promise<void>((resolve) => (emit(event, ...args, () => resolve()), setTimeout(resolve, 150)));
            else emit(event, ...args);
            socket.close();
          },
        ),
        { numRuns: 100 },
      );
      const socket = await open();
      expect((await watch(socket, { slug })).ok).toBe(true);
      socket.close();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(crashes).toEqual([]);
    },
  );
});
