import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { Server } from 'socket.io';
import { stampClientAddress } from '../http/client-address';
import { nameInstanceOn } from '../http/instance-header';
import { errorBody } from '../http/errors';
import { tooMany } from '../http/rate-limit';
import { limitReads } from '../http/read-limit';
import { observeRequests } from '../http/observe';
import { refusalOf } from '../http/request-policy';
import { secureResponse } from '../http/security-headers';
import type { HttpError } from '../http/errors';
import { log } from '../log';
import { attachRealtime } from '../realtime/attach';
import type { RealtimeServer } from '../realtime/events';
import { connectionCap, connectTimeoutMs } from '../realtime/handshake';
import { issueVisitorCookie } from '../visitors/issue';

export type AppServer = { httpServer: HttpServer; io: RealtimeServer; close(): Promise<void> };

/**
 * The one port: every response names the instance, every request is stamped with its client's address and, for a page, given a
 * visitor cookie, then handed to `handle` (Next); Socket.IO shares the port, refusing foreign
 * origins and bounding what a client may send.
 */
export function createAppServer(handle: (request: IncomingMessage, response: ServerResponse) => unknown): AppServer {
  const httpServer = createServer(
    observeRequests(async (request, response) => {
      nameInstanceOn(response);
      secureResponse(request, response);
      if (!decodablePath(request.url)) return refuseMalformedPath(response, 'the request target is not a well-formed path');
      if (!boundedPath(request.url)) return refuseMalformedPath(response, `the request target is longer than ${MAX_TARGET_LENGTH} characters`);
      const refusal = refusalOf(request);
      if (refusal) return refuse(response, refusal);
      const address = stampClientAddress(request);
      const retryAfter = await limitReads(request, address);
      if (retryAfter !== undefined) return refuseTooMany(response, retryAfter);
      await issueVisitorCookie(request, response, address).catch((error: Error) =>
        log.warn({ err: error.message }, 'issuing a visitor cookie failed'),
      );
      void handle(request, response);
    }),
  );
  // Socket payloads are a slug or an account id: 16 KiB is plenty, and bounds what a client can send.
  const cap = connectionCap();
  const io: RealtimeServer = new Server(httpServer, { allowRequest: cap.allowRequest, connectTimeout: connectTimeoutMs(), maxHttpBufferSize: 16 * 1024 });
  cap.track(io.engine);
  nameInstanceOn(io);
  const realtime = attachRealtime(io);
  return {
    httpServer,
    io,
    async close() {
      io.close();
      await realtime.close();
    },
  };
}

/** Next answers a path with a malformed escape (`/api/projects/%zz`) with a bare 500: refuse it first. */
function decodablePath(url = '/'): boolean {
  // An absolute-form or authority-form target (`GET http://[/`) is no path of ours.
  if (!url.startsWith('/')) return false;
  try {
    decodeURIComponent(url.split('?')[0]!);
    return true;
  } catch {
    return false;
  }
}

/**
 * Next answers a target it would normalise (a doubled or trailing slash, a backslash) with a 308
 * that repeats the whole target twice, in Location and in Refresh: a long target's answer then
 * outgrows the 16 KiB of headers clients accept (fetch failed with UND_ERR_HEADERS_OVERFLOW), and
 * any client could make the server reflect twice what it sent. Our routes' targets are short.
 */
const MAX_TARGET_LENGTH = 4_096;

function boundedPath(url = '/'): boolean {
  return url.length <= MAX_TARGET_LENGTH;
}

function refuseTooMany(response: ServerResponse, retryAfter: number): void {
  const refusal = tooMany('page loads', retryAfter);
  response.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers }).end(JSON.stringify(errorBody(refusal)));
}

/** Answered before the body is read: Node discards what the client still sends. */
function refuse(response: ServerResponse, { status, code, message, headers }: HttpError): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error: { code, message } }));
}

function refuseMalformedPath(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ error: { code: 'invalid_path', message } });
  response.writeHead(400, { 'content-type': 'application/json' }).end(body);
}
