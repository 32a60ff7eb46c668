import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RenderedPage } from './prepared-page';

/** Marks the server's own render requests; its value is this process's secret, so no client can pass for one. */
const RENDER_HEADER = 'x-crowdpulse-render';
const secret = randomBytes(16).toString('hex');
/**
 * Who asks: a user agent next.config.js's `htmlLimitedBots` matches, so Next renders the page's
 * metadata in the head before the shell. Asked with none, Next streams it after the shell, and the
 * inline scripts React reveals it with are ones the page's policy refuses (lib/http/inline-scripts.ts).
 */
const RENDER_USER_AGENT = 'crowdpulse-page-cache';
/** Every view waiting for a render waits at most this long: longer than any page takes while Redis answers. */
const RENDER_TIMEOUT_MS = 10_000;

/** Headers of Next's answer a shared page keeps: none that names a visitor or a request. */
const KEPT = ['content-type', 'vary', 'link', 'x-nextjs-prerender', 'x-nextjs-stale-time'];

/** True for the server's own render request (it skips the read limit and the visitor cookie). */
export function isRenderRequest(request: IncomingMessage): boolean {
  return request.headers[RENDER_HEADER] === secret;
}

/**
 * Renders a page by asking Next for it through the server's own port, as an anonymous visitor
 * would (no cookie, no compression): the page cache then keeps one copy for everybody. One more
 * local connection per render, not per view. It carries the id of the view that asked for it, so
 * a failed render is logged under a request the visitor made.
 */
export function renderThrough(server: Server): (path: string, requestId?: string) => Promise<RenderedPage> {
  return (path, requestId) =>
    new Promise((resolve, reject) => {
      const { address, port } = server.address() as AddressInfo;
      const host = address === '::' || address === '0.0.0.0' ? '127.0.0.1' : address;
      const asked = httpRequest(
        {
          host,
          port,
          path,
          headers: {
            accept: 'text/html',
            'user-agent': RENDER_USER_AGENT,
            [RENDER_HEADER]: secret,
            ...(requestId && { 'x-request-id': requestId }),
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const headers: Record<string, string> = {};
            for (const name of KEPT) if (typeof answer.headers[name] === 'string') headers[name] = answer.headers[name];
            resolve({ status: answer.statusCode ?? 500, headers, body: Buffer.concat(chunks) });
          });
          answer.on('error', reject);
        },
      );
      asked.setTimeout(RENDER_TIMEOUT_MS, () =>
        asked.destroy(new Error(`rendering ${path} took over ${RENDER_TIMEOUT_MS} ms`)),
      );
      asked.on('error', reject);
      asked.end();
    });
}
