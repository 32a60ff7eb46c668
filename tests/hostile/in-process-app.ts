import { once } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { GET as getFeed } from '../../app/api/feed/route';
import { DELETE as unfollowRoute } from '../../app/api/follows/[slug]/route';
import { GET as getFollows, POST as followRoute } from '../../app/api/follows/route';
import { createAppServer, type AppServer } from '../../lib/server/http-server';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { metricsRegistry } from '../../lib/metrics/registry';
import { closeRedis, getRedis, waitUntilReady, type RedisClient } from '../../lib/redis/client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../lib/realtime/events';
import { ensureVisitorSecret } from '../../lib/visitors/cookie';
import { uniqueAddress, useTestRedisForTheApp } from '../support';

/** The stub page's header naming the client address the request was stamped with. */
export const STAMPED_ADDRESS = 'x-test-client-address';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type InProcessApp = {
  server: AppServer;
  url: string;
  redis: RedisClient;
  /** Uncaught exceptions and unhandled rejections while it ran: a crash of a real instance. */
  crashes: unknown[];
  /** A socket of its own (no reconnection), resolved once connected, rejected when refused. */
  open(options?: { headers?: Record<string, string>; transport?: 'websocket' | 'polling' }): Promise<ClientSocket>;
  /** A page load's signed visitor cookie (`cp_vid=…`), from a random address (TRUST_PROXY=1). */
  pageCookie(headers?: Record<string, string>): Promise<string | undefined>;
  /** Resolves once the app says Redis is up to a socket (sent on connect and on every change): its subscriber too is ready. */
  untilRedisUp(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The follow and feed routes, as Next would run them: the request as server.ts left it (its
 * stamped address, the cookie it may have been given), its answer on the server's response.
 */
async function answerFromFeedRoutes(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  const method = request.method ?? 'GET';
  const web = new Request(`http://app.test${request.url}`, {
    method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  const slug = /^\/api\/follows\/([^/?]+)/.exec(request.url ?? '')?.[1];
  const answer = request.url!.startsWith('/api/feed')
    ? await getFeed(web, noContext)
    : slug
      ? await unfollowRoute(web, { params: Promise.resolve({ slug }) })
      : await (method === 'POST' ? followRoute : getFollows)(web, noContext);
  response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
}
const noContext = { params: Promise.resolve({}) };

/**
 * The app's real HTTP + Socket.IO server in the test process, on this run's Redis (a page is a
 * stub, so no build is needed; the follow and feed API are the real routes), so its rooms and
 * metrics can be inspected.
 */
export async function startInProcessApp({
  host = '127.0.0.1',
  page,
  server: options,
}: {
  host?: string;
  page?: RequestListener;
  server?: Parameters<typeof createAppServer>[1];
} = {}): Promise<InProcessApp> {
  useTestRedisForTheApp();
  ensureVisitorSecret();
  const redis = getRedis();
  await waitUntilReady(redis);
  const crashes: unknown[] = [];
  const recordCrash = (error: unknown) => crashes.push(error);
  process.on('uncaughtException', recordCrash);
  process.on('unhandledRejection', recordCrash);
  // The stub page names the address the request was stamped with, as a limit would key on it.
  const server = createAppServer((request, response) => {
    if (/^\/api\/(?:follows|feed)(?:\/|\?|$)/.test(request.url ?? '')) return answerFromFeedRoutes(request, response);
    if (page) return page(request, response);
    response
      .writeHead(200, {
        'content-type': 'text/html',
        [STAMPED_ADDRESS]: String(request.headers[CLIENT_ADDRESS_HEADER]),
      })
      .end('<p>page</p>');
  }, options);
  server.httpServer.listen(0, host);
  await once(server.httpServer, 'listening');
  const url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;

  const open: InProcessApp['open'] = ({ headers = {}, transport = 'websocket' } = {}) => {
    const socket: ClientSocket = connect(url, {
      transports: [transport],
      extraHeaders: headers,
      reconnection: false,
      forceNew: true,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  };

  return {
    server,
    url,
    redis,
    crashes,
    open,
    async pageCookie(headers = {}) {
      const address = uniqueAddress();
      const response = await fetch(`${url}/projects/x`, {
        headers: { accept: 'text/html', 'x-forwarded-for': address, ...headers },
      });
      await response.text();
      return response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('cp_vid='))
        ?.split(';')[0];
    },
    async untilRedisUp() {
      const socket: ClientSocket = connect(url, { transports: ['websocket'], forceNew: true });
      await new Promise<void>((resolve) => socket.on('server:status', ({ redis }) => redis === 'up' && resolve()));
      socket.close();
    },
    async close() {
      process.off('uncaughtException', recordCrash);
      process.off('unhandledRejection', recordCrash);
      await server.close();
      server.httpServer.close();
      await closeRedis();
    },
  };
}

/** The sum of a counter's series in this process's registry whose labels include every given pair. */
export async function seriesValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await metricsRegistry().getSingleMetric(name)!.get();
  const found = metric.values.filter((value) =>
    Object.entries(labels).every(([key, label]) => value.labels[key] === label),
  );
  return found.reduce((sum, value) => sum + value.value, 0);
}
