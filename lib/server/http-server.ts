import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server } from 'socket.io';
import { stampClientAddress } from '../http/client-address';
import { answerParserErrors } from '../http/client-errors';
import { nameInstanceOn } from '../http/instance-header';
import { errorBody } from '../http/errors';
import { tooMany } from '../http/rate-limit';
import { limitReads } from '../http/read-limit';
import { observeRequests } from '../http/observe';
import { redirectToLocale } from '../http/locale';
import { isPublicFile, refusalOf } from '../http/request-policy';
import { hostProblem } from '../http/public-origin';
import { targetProblem } from '../http/request-target';
import { secureResponse, secureSocketAnswer } from '../http/security-headers';
import { HttpError } from '../http/errors';
import { log } from '../log';
import { cursorListed } from '../projects/catalogue';
import { attachRealtime } from '../realtime/attach';
import type { RealtimeServer } from '../realtime/events';
import { connectionCap, connectTimeoutMs } from '../realtime/handshake';
import { issueVisitorCookie } from '../visitors/issue';
import { capConnectionsPerAddress } from './connection-cap';
import { answerDirectly, type DirectRoute } from './direct-routes';
import { isRenderRequest, renderThrough } from './loopback';
import { frameworkFiles } from './framework-files';
import { createPageCache } from './page-cache';
import { sharedPageOf, type SharedPage } from './shared-pages';

export type AppServer = {
  httpServer: HttpServer;
  io: RealtimeServer;
  /** Pages Next rendered for the page cache so far. */
  renders(): number;
  close(): Promise<void>;
};

/** How long a client may take to send a request, head and body: a slow one holds a connection at its own cost only this long. */
export const SLOW_CLIENT_MS = 10_000;

/** How long an idle keep-alive connection stays open: longer than the idle timeouts of the clients and HAProxy in front. */
const KEEP_ALIVE_MS = 65_000;

/**
 * The one port: every response names the instance, every request is stamped with its client's address and, for a page, given a
 * visitor cookie, then handed to `handle` (Next), or for a page that is the same for everyone,
 * answered from the page cache (Next renders it once per version, through this same port);
 * Socket.IO shares the port, refusing foreign origins and bounding what a client may send.
 */
export function createAppServer(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  {
    direct = [],
    slowClientMs = SLOW_CLIENT_MS,
    staticDir,
  }: { direct?: readonly DirectRoute[]; slowClientMs?: number; staticDir?: string } = {},
): AppServer {
  const answerFile = frameworkFiles(staticDir);
  const httpServer = createServer(
    // A request's head, and then the whole request, must arrive within the bound (Node answers 408 and closes), checked every second.
    {
      headersTimeout: slowClientMs,
      requestTimeout: slowClientMs,
      connectionsCheckingInterval: Math.min(1_000, slowClientMs / 2),
    },
    observeRequests(async (request, response) => {
      nameInstanceOn(response);
      // The page cache's own renders (loopback): raw HTML; the policy is set when a page is served.
      if (isRenderRequest(request)) return void handle(request, response);
      secureResponse(request, response);
      // One path, decided here: every check below, and Next, read the same one.
      const problem = targetProblem(request.url);
      if (problem) return refuseMalformedPath(response, problem);
      const foreignHost = hostProblem(request);
      if (foreignHost) return refuse(response, new HttpError(400, 'invalid_host', foreignHost));
      const refusal = refusalOf(request);
      if (refusal) return refuse(response, refusal);
      const address = stampClientAddress(request);
      const retryAfter = await limitReads(request, address);
      if (retryAfter !== undefined) return refuseTooMany(response, retryAfter);
      if (answerFile(request, response)) return;
      // A page the same for every visitor (each under its locale): its visitor cookie, then the page cache.
      const shared = sharedPage(request);
      if (shared)
        return servePage(request, response, address, shared).catch((error: Error) => void failed(response, error));
      // A page without its locale prefix goes to the visitor's (lib/http/locale.ts): no cookie, no render.
      if (redirectToLocale(request, response)) return;
      if (!isPublicFile(request.url)) await giveVisitorCookie(request, response, address);
      // A write's answer is a few dozen bytes of JSON: gzipping it cost more CPU than it saved bytes.
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url?.startsWith('/api/'))
        delete request.headers['accept-encoding'];
      if (
        direct.length > 0 &&
        (await answerDirectly(direct, request, response).catch((error: Error) => failed(response, error)))
      )
        return;
      handle(request, response);
    }),
  );
  answerParserErrors(httpServer);
  capConnectionsPerAddress(httpServer);
  // An idle keep-alive connection is closed by its client or load balancer first: when the server
  // closes it (Node's default, after 5 s) just as the client reuses it, that request is reset.
  httpServer.keepAliveTimeout = KEEP_ALIVE_MS;
  // Socket payloads are a slug or an account id: 16 KiB is plenty, and bounds what a client can send.
  const cap = connectionCap();
  const io: RealtimeServer = new Server(httpServer, {
    // A handshake is held to the Host pages are: another is refused before a place is claimed.
    allowRequest: (request, callback) =>
      hostProblem(request) ? callback('host not allowed', false) : cap.allowRequest(request, callback),
    connectTimeout: connectTimeoutMs(),
    maxHttpBufferSize: 16 * 1024,
  });
  cap.track(io.engine);
  // Socket.IO answers its own HTTP requests (polling, handshakes, its errors) before the listener above: the same headers, set first.
  httpServer.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/socket.io/')) secureSocketAnswer(response);
  });
  nameInstanceOn(io);
  const realtime = attachRealtime(io);
  const pages = createPageCache(realtime.pages, renderThrough(httpServer));
  // A returning visitor's view of a kept page waits on nothing: answered within this call.
  async function servePage(request: IncomingMessage, response: ServerResponse, address: string, page: SharedPage) {
    const issuing = giveVisitorCookie(request, response, address);
    if (issuing) await issuing;
    // A cursor naming no listed project renders nothing new: the first page, from the cache (a Redis that cannot say lets the render answer).
    if (page.cursor && !(await cursorListed(page.cursor.after, page.cursor.ending).catch(() => true)))
      page = page.cursor.first;
    return pages.serve(request, response, page);
  }
  return {
    httpServer,
    io,
    renders: pages.renders,
    async close() {
      pages.close();
      io.close();
      await realtime.close();
    },
  };
}

/**
 * A document load of a shared page: not Next's client navigation (an RSC payload asked for with
 * the `rsc` header or `_rsc`), which Next answers itself.
 */
function sharedPage(request: IncomingMessage) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (
    request.headers.rsc !== undefined ||
    request.headers['next-router-prefetch'] !== undefined ||
    request.url?.includes('_rsc=')
  )
    return undefined;
  return sharedPageOf(request.url ?? '/');
}

/** Nothing to wait for when the visitor holds a valid cookie; a failure is logged, and the page served without one. */
function giveVisitorCookie(
  request: IncomingMessage,
  response: ServerResponse,
  address: string,
): Promise<void> | undefined {
  const warn = (error: Error) => log.warn({ err: error.message }, 'issuing a visitor cookie failed');
  try {
    return issueVisitorCookie(request, response, address)?.catch(warn);
  } catch (error) {
    warn(error as Error);
    return undefined;
  }
}

function failed(response: ServerResponse, error: Error): true {
  log.error({ err: error.message }, 'answering a request failed');
  if (!response.headersSent)
    response
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: 'internal', message: 'unexpected error' } }));
  return true;
}

function refuseTooMany(response: ServerResponse, retryAfter: number): void {
  const refusal = tooMany('page loads', retryAfter);
  response
    .writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers })
    .end(JSON.stringify(errorBody(refusal)));
}

/** Answered before the body is read: Node discards what the client still sends. */
function refuse(response: ServerResponse, { status, code, message, headers }: HttpError): void {
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ error: { code, message } }));
}

function refuseMalformedPath(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ error: { code: 'invalid_path', message } });
  response.writeHead(400, { 'content-type': 'application/json' }).end(body);
}
