import type { IncomingMessage } from 'node:http';
import { fromTrustedProxy } from './trusted-proxy';
import { rawSetting } from '../config';

/** ALLOWED_ORIGINS: comma-separated origins (`https://example.com`) allowed besides the site's own. */
function allowedOrigins(): Set<string> {
  return new Set(
    (rawSetting('ALLOWED_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
}

const firstHop = (value: string | string[] | undefined) =>
  String(value ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();

/**
 * The origin the client addressed: `X-Forwarded-Proto` and `X-Forwarded-Host` count only from a
 * proxy TRUST_PROXY trusts (their first hop is what the client used); otherwise the connection's
 * own scheme and the Host header.
 */
export function ownOrigin(request: IncomingMessage): string {
  const proxied = fromTrustedProxy(request);
  const encrypted = 'encrypted' in request.socket && Boolean(request.socket.encrypted);
  const proto = (proxied && firstHop(request.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host =
    (proxied && firstHop(request.headers['x-forwarded-host'])) || String(request.headers.host ?? '').toLowerCase();
  return `${proto}://${host}`;
}

/** Whether the request came to us over TLS, as the client sees it (a trusted proxy's word counts). */
export function servedOverTls(request: IncomingMessage): boolean {
  return ownOrigin(request).startsWith('https://');
}

/**
 * Why a browser's request came from another site's page, or undefined when it did not: an
 * `Origin` that is neither the site's own nor in ALLOWED_ORIGINS (`null`, from a sandboxed frame
 * or a data: URL, included), or `Sec-Fetch-Site: cross-site` (the browser's own verdict, sent even
 * where `Origin` is not). A client that sends neither (curl, a payment backend) is not a browser
 * acting for a visitor, and is let through.
 */
export function crossSiteReason(request: IncomingMessage): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const normalised = origin.trim().replace(/\/$/, '').toLowerCase();
    const allowed =
      normalised === ownOrigin(request) || [...allowedOrigins()].some((entry) => entry.toLowerCase() === normalised);
    if (!allowed) return `the Origin ${JSON.stringify(origin.slice(0, 100))} is not this site's`;
  }
  if (firstHop(request.headers['sec-fetch-site']) === 'cross-site') return 'the request came from another site';
  return undefined;
}
