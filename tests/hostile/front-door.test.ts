import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, type AppServer } from '../../lib/app/http-server';
import { metricsRegistry } from '../../lib/metrics/registry';
import { closeRedis, getRedis, waitUntilReady } from '../../lib/redis/client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../lib/realtime/events';
import { ensureVisitorSecret } from '../../lib/visitors/cookie';
import { testConnection } from '../support';

/**
 * README promises about the one port that no other test pinned down: request ids, the visitor
 * cookie's Secure flag, the Socket.IO message cap, and the bounded `route` label. The app's real
 * HTTP + Socket.IO server runs in this process (a page is a stub), on this run's Redis.
 */
let server: AppServer;
let url: string;
const crashes: unknown[] = [];
const recordCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  const connection = testConnection();
  if (connection.mode === 'single') process.env.REDIS_URL = connection.url;
  else process.env.REDIS_CLUSTER_NODES = connection.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
  ensureVisitorSecret();
  await waitUntilReady(getRedis());
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  server = createAppServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>'));
  server.httpServer.listen(0, '127.0.0.1');
  await once(server.httpServer, 'listening');
  url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.off('uncaughtException', recordCrash);
  process.off('unhandledRejection', recordCrash);
  await server.close();
  server.httpServer.close();
  await closeRedis();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it("echoes a caller's id of 1–64 characters of A-Za-z0-9_.:- and answers any other with a new UUID", async () => {
    const requestId = async (id?: string) => {
      const response = await fetch(`${url}/api/health`, { headers: id === undefined ? {} : { 'x-request-id': id } });
      await response.arrayBuffer();
      return response.headers.get('x-request-id');
    };
    for (const valid of ['a', 'Az09_.:-', 'x'.repeat(64), 'trace:2026-11-23.1_a']) expect(await requestId(valid)).toBe(valid);
    const invalid = [undefined, '', 'x'.repeat(65), 'has space', 'slash/id', 'quote"id', 'é', '<script>', 'a,b', 'id;drop'];
    const answered = await Promise.all(invalid.map(requestId));
    for (const id of answered) expect(id).toMatch(UUID);
    expect(new Set(answered).size).toBe(invalid.length);
  });
});

describe('the visitor cookie', () => {
  const setCookie = async (headers: Record<string, string>) => {
    const response = await fetch(`${url}/projects/x`, { headers: { accept: 'text/html', ...headers } });
    await response.text();
    return response.headers.getSetCookie().find((cookie) => cookie.startsWith('cp_vid='))!;
  };

  it('is HttpOnly and SameSite=Lax, and Secure behind an HTTPS proxy (TRUST_PROXY=1 and X-Forwarded-Proto: https) only', async () => {
    const flags = (cookie: string) => cookie.split(';').slice(1).map((flag) => flag.trim().toLowerCase().split('=')[0]);
    const before = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = '1';
      const proxied = await setCookie({ 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https' });
      expect(flags(proxied)).toEqual(expect.arrayContaining(['httponly', 'samesite', 'secure']));
      expect(proxied).toMatch(/SameSite=Lax/i);
      const plain = await setCookie({ 'x-forwarded-for': '198.51.100.2', 'x-forwarded-proto': 'http' });
      expect(flags(plain)).not.toContain('secure');
      // Without a proxy to trust, the header is just something a client wrote.
      delete process.env.TRUST_PROXY;
      const direct = await setCookie({ 'x-forwarded-proto': 'https' });
      expect(flags(direct)).toEqual(expect.arrayContaining(['httponly', 'samesite']));
      expect(flags(direct)).not.toContain('secure');
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});

describe('Socket.IO messages', () => {
  type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
  const open = (transport: 'websocket' | 'polling'): Promise<ClientSocket> => {
    const socket: ClientSocket = connect(url, { transports: [transport], reconnection: false, forceNew: true });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };

  for (const transport of ['websocket', 'polling'] as const) {
    it(`are capped at 16 KiB (${transport}): a bigger one drops the connection, a smaller one is answered, the server lives on`, async () => {
      const socket = await open(transport);
      const reply = await socket.timeout(5_000).emitWithAck('project:watch', { slug: 'x'.repeat(15 * 1024) });
      expect(reply).toMatchObject({ ok: false });

      const dropped = new Promise<string>((resolve) => {
        socket.once('disconnect', (reason) => resolve(reason));
        setTimeout(() => resolve('still connected after 5 s'), 5_000);
      });
      socket.emit('project:watch', { slug: 'x'.repeat(17 * 1024) }, () => undefined);
      expect(await dropped).toMatch(/transport (close|error)/);
      socket.close();

      const next = await open(transport);
      expect(await next.timeout(5_000).emitWithAck('project:watch', { slug: 'no-such-project' })).toEqual({ ok: false, error: 'not-found' });
      next.close();
      expect(crashes).toEqual([]);
    });
  }
});

describe('the route label of crowdpulse_http_request_duration_seconds', () => {
  it('is the app router pattern, or "unmatched" for any other path, so clients cannot grow the label set', async () => {
    const routes = async () => {
      const metric = await metricsRegistry().getSingleMetric('crowdpulse_http_request_duration_seconds')!.get();
      const counts = metric.values.filter((value) => (value as { metricName?: string }).metricName?.endsWith('_count'));
      return new Map(counts.map((value) => [`${value.labels.route} ${value.labels.status}`, value.value]));
    };
    const before = (await routes()).get('unmatched 200') ?? 0;
    const made = ['/no/such/x', '/api/nope/1/2/3', `/random-${Date.now()}`, '/api/projects/a/b/c/d'];
    for (const path of made) await (await fetch(url + path)).arrayBuffer();
    await (await fetch(`${url}/api/projects/some-slug/live`)).arrayBuffer();
    await expect.poll(async () => (await routes()).get('unmatched 200')).toBe(before + made.length);
    const labels = [...(await routes()).keys()].map((key) => key.split(' ')[0]);
    expect(labels).toContain('/api/projects/[slug]/live');
    for (const path of made) expect(labels).not.toContain(path);
  });
});
