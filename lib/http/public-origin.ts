/**
 * The site's origin as the public reaches it (PUBLIC_ORIGIN, e.g. `https://crowdpulse.example`):
 * what canonical URLs, link previews and the sitemap name. Never taken from a request, whose Host
 * header anyone can set. Unset: `http://localhost:<PORT>`, the demo's and the tests' own. Anything
 * but a bare http(s) origin (a path, a query, another scheme) stops the start.
 */
export function publicOrigin(env: Record<string, string | undefined> = process.env): string {
  const configured = env.PUBLIC_ORIGIN;
  if (!configured) return `http://localhost:${env.PORT ?? 3000}`;
  const url = URL.parse(configured);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || configured.replace(/\/$/, '') !== url.origin) {
    throw new Error(`PUBLIC_ORIGIN must be an origin such as https://crowdpulse.example (scheme, host, optional port), not ${JSON.stringify(configured)}`);
  }
  return url.origin;
}
