import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { fromTrustedProxy } from '../limits/trusted-proxy';
import { processEnv, type Env } from '../config';

/** PUBLIC_ORIGIN: the origin visitors use (`https://crowdpulse.example`), no path; unset, the site is whatever host it is addressed as. */
const originSchema = z
  .url({ protocol: /^https?$/, error: 'PUBLIC_ORIGIN must be an http(s) origin such as https://crowdpulse.example' })
  .transform((value) => new URL(value))
  .refine(
    (url) => url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password,
    'PUBLIC_ORIGIN is an origin only: no path, query or credentials',
  );

let parsed: { raw: string | undefined; url: URL | undefined } | undefined;

/** PUBLIC_ORIGIN parsed (checked at start: a bad one stops it), or undefined when unset. */
export function publicOrigin(env: Env = processEnv()): URL | undefined {
  const raw = env.PUBLIC_ORIGIN || undefined;
  if (env !== processEnv()) return raw === undefined ? undefined : originSchema.parse(raw);
  if (parsed?.raw !== raw || !parsed) parsed = { raw, url: raw === undefined ? undefined : originSchema.parse(raw) };
  return parsed.url;
}

/** A host as RFC 3986 spells one: a name or IPv4 address, or a bracketed IPv6 one, and an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62})?(?:\.[a-z0-9](?:[a-z0-9-]{0,62})?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Names this host's own probes use (a health check, a load balancer on this host): always the site's. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Asked of each instance by its address (a load balancer's health check, Prometheus), and answering nothing built from the Host. */
const PROBES = /^\/api\/(?:health|metrics)(?:\?|$)/;

const hostnameOf = (host: string) => host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();

/**
 * Why the request's `Host` (or a trusted proxy's `X-Forwarded-Host`) is not this site's, or
 * undefined when it is: any well-formed host without PUBLIC_ORIGIN (the demo, the tests); with
 * it, only its host or a loopback name, but any on the probes. No Host at all (HTTP/1.0, HAProxy's health check) writes
 * nothing and passes.
 */
export function hostProblem(request: IncomingMessage): string | undefined {
  const forwarded = fromTrustedProxy(request)
    ? String(request.headers['x-forwarded-host'] ?? '')
        .split(',')[0]!
        .trim()
    : '';
  for (const host of [request.headers.host, forwarded || undefined]) {
    if (host === undefined || host === '') continue;
    if (!HOST.test(host)) return 'the Host header is not a well-formed host';
  }
  const own = publicOrigin();
  const addressed = forwarded || request.headers.host;
  if (!own || !addressed || PROBES.test(request.url ?? '/')) return undefined;
  const name = hostnameOf(addressed);
  return name === own.hostname || LOOPBACK.has(name) ? undefined : `this site answers as ${own.host} only`;
}

/**
 * The origin canonical URLs, link previews and the sitemap name: PUBLIC_ORIGIN, never a
 * request's Host, which anyone can set. Unset: `http://localhost:<PORT>`, the demo's and the tests'.
 */
export function siteOrigin(env: Env = processEnv()): string {
  return publicOrigin(env)?.origin ?? `http://localhost:${env.PORT ?? 3000}`;
}
