import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { servedOverTls } from '../limits/same-site';
import { publicOrigin } from './public-origin';
import { nextScriptHashes } from './inline-scripts';
import { rawSetting } from '../config';

const CSP = 'Content-Security-Policy';
const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** What every policy shares: nothing frames the site, no plugins, no `<base>` rewriting links. */
const LOCKED = { 'object-src': "'none'", 'base-uri': "'none'", 'form-action': "'self'", 'frame-ancestors': "'none'" };

/**
 * A page's policy. Scripts: the site's own files, and by hash only the inline data scripts Next
 * wrote into this very page (lib/http/inline-scripts.ts), so no per-request nonce is needed and a
 * cached page keeps working. In development Next and React need eval and their own inline
 * scripts. Styles allow inline `style` attributes (React's progress bars). Connections: the
 * API and the site's own socket, over ws or wss.
 */
export function pagePolicy(html: string, development = rawSetting('NODE_ENV') !== 'production'): string {
  return writePagePolicy(development ? [] : nextScriptHashes(html), development, connectSources());
}

/** Policies already written, by their page's hashes (the page cache keeps the list with the page), then by mode and sockets. */
const written = new WeakMap<readonly string[], Map<string, string>>();

/**
 * The same, from the hashes of a page's inline scripts worked out once. A cached page's is
 * written once and reused for every view while the configuration it depends on (NODE_ENV,
 * PUBLIC_ORIGIN's socket) stays as it is.
 */
export function pagePolicyWith(
  scriptHashes: readonly string[],
  development = rawSetting('NODE_ENV') !== 'production',
): string {
  const sockets = connectSources();
  const key = `${development} ${sockets}`;
  let byConfiguration = written.get(scriptHashes);
  if (!byConfiguration) written.set(scriptHashes, (byConfiguration = new Map()));
  let text = byConfiguration.get(key);
  if (text === undefined) byConfiguration.set(key, (text = writePagePolicy(scriptHashes, development, sockets)));
  return text;
}

function writePagePolicy(scriptHashes: readonly string[], development: boolean, sockets: string): string {
  const scripts = development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...scriptHashes];
  return policy({
    'default-src': "'self'",
    'script-src': scripts.join(' '),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob:",
    'font-src': "'self'",
    'connect-src': sockets,
    ...LOCKED,
  });
}

/**
 * The site's own origin, its socket's too (CSP Level 3's 'self' matches ws and wss of the page's
 * host), and PUBLIC_ORIGIN's socket when set: from configuration, never from the request's Host.
 */
function connectSources(): string {
  const own = publicOrigin();
  return own ? `'self' ${own.protocol === 'https:' ? 'wss' : 'ws'}://${own.host}` : "'self'";
}

/** Anything that is not a page (JSON, files): nothing in it may load or run anything. */
export const RESOURCE_POLICY = policy({ 'default-src': "'none'", ...LOCKED });

/** `/api/docs`: Swagger UI's bundle and its one inline start script (by hash), inline styles, data: images. */
export function docsPolicy(startScriptHash: string): string {
  return policy({
    'default-src': "'self'",
    'script-src': `'self' ${startScriptHash}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
    ...LOCKED,
  });
}

/**
 * Headers a browser enforces, on every answer of the HTTP server: no MIME sniffing, no referrer
 * to other sites, no framing, HSTS when the client reached us over TLS (directly, or by a proxy
 * TRUST_PROXY trusts), and a Content-Security-Policy: a route's own (`/api/docs`), else a page's
 * (once its HTML is complete: see `hashPagesOn`), else the locked one of a resource.
 */
export function secureResponse(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (servedOverTls(request)) response.setHeader('Strict-Transport-Security', 'max-age=63072000');
  hashPagesOn(request, response);
}

/** Socket.IO's own answers (long-polling frames, handshakes, its 400s): JSON or text, never a page. */
export function secureSocketAnswer(response: ServerResponse): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader(CSP, RESOURCE_POLICY);
}

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

const toBuffer = (chunk: unknown, encoding: unknown) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : Buffer.from(chunk as Uint8Array);

/** The page as the browser will read it: Next compresses what it writes when the client accepts it. */
function decoded(body: Buffer, encoding: unknown): string {
  const decode = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync }[
    String(encoding ?? '')
      .trim()
      .toLowerCase()
  ];
  return (decode && body.byteLength > 0 ? decode(body) : body).toString('utf8');
}

function setHeaders(response: ServerResponse, headers: OutgoingHttpHeaders | string[]): void {
  if (Array.isArray(headers))
    for (let i = 0; i + 1 < headers.length; i += 2) response.setHeader(headers[i]!, headers[i + 1]!);
  else for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
}

/**
 * A page's policy names the hashes of its inline scripts, and headers go before the body: so an
 * HTML answer is held until Next has written all of it, then sent at once with its policy and
 * length. Any other answer passes straight through, its policy set before its head goes out.
 * The methods stay wrapped for the whole answer: Next's compression wraps them in turn, and
 * relies on calling through them.
 */
function hashPagesOn(request: IncomingMessage, response: ServerResponse): void {
  const write = response.write.bind(response) as Write;
  const end = response.end.bind(response) as End;
  const writeHead = response.writeHead.bind(response) as (status: number, ...rest: unknown[]) => ServerResponse;
  const flushHeaders = response.flushHeaders.bind(response);
  const held: Buffer[] = [];
  let mode: 'pass' | 'hold' | undefined;
  let releasing = false;

  const decide = () => {
    if (mode) return mode;
    const ownPolicy = response.hasHeader(CSP);
    const html = String(response.getHeader('content-type') ?? '').startsWith('text/html');
    mode = html && !ownPolicy ? 'hold' : 'pass';
    if (mode === 'pass' && !ownPolicy) response.setHeader(CSP, RESOURCE_POLICY);
    return mode;
  };

  Object.assign(response, {
    writeHead(status: number, ...rest: unknown[]): ServerResponse {
      if (releasing || mode === 'pass') return writeHead(status, ...rest);
      response.statusCode = status;
      if (typeof rest[0] === 'string') response.statusMessage = rest[0];
      const headers = rest.find((part) => typeof part === 'object' && part !== null) as
        OutgoingHttpHeaders | string[] | undefined;
      if (headers) setHeaders(response, headers);
      // Held: the head goes out with the body, once the policy is known.
      return decide() === 'pass' ? writeHead(status) : response;
    },
    flushHeaders(): void {
      if (decide() === 'pass') flushHeaders();
    },
    write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      if (decide() === 'pass') return write(chunk, encoding, callback);
      held.push(toBuffer(chunk, encoding));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    },
    end(chunk?: unknown, encoding?: unknown, callback?: unknown): ServerResponse {
      const done = [chunk, encoding, callback].find((part) => typeof part === 'function');
      const data = typeof chunk === 'function' ? undefined : chunk;
      if (decide() === 'pass') return end(data, typeof encoding === 'function' ? undefined : encoding, done);
      if (data !== undefined && data !== null) held.push(toBuffer(data, encoding));
      const body = Buffer.concat(held);
      response.setHeader(CSP, pagePolicy(decoded(body, response.getHeader('content-encoding'))));
      if (request.method !== 'HEAD' && !response.hasHeader('transfer-encoding'))
        response.setHeader('Content-Length', body.byteLength);
      releasing = true;
      return end(body, undefined, done);
    },
  });
}
