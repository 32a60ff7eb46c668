import type { IncomingMessage } from 'node:http';
import { crossSiteReason } from '../limits/same-site';
import { HttpError } from './errors';
import { routerStateProblem } from './router-state';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PAGE_METHODS = 'GET, HEAD';
/** What any route of the API may take; TRACE, WebDAV's and the rest reached Next's router and were answered 500. */
const API_METHODS = 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE';
const API_METHOD_SET = new Set(API_METHODS.split(', '));

const pathOf = (request: IncomingMessage) => (request.url ?? '/').split('?')[0]!;
const isApi = (path: string) => /^\/api(?:\/|$)/.test(path);
/** Next's own files and the socket: neither is a page nor the API. */
const isFramework = (path: string) => /^\/(?:_next|socket\.io)(?:\/|$)/.test(path);
/**
 * Files made for other sites and crawlers to fetch: a link preview's image (its page's
 * `opengraph-image`, `twitter-image`), robots.txt, the sitemap, the icon. Another site may embed
 * them, and they give no visitor id.
 */
export const isPublicFile = (target = '/') =>
  /^\/(?:robots\.txt|sitemap\.xml|icon\.svg|(?:[a-z]{2}\/)?projects\/[^/]+\/(?:opengraph|twitter)-image)$/.test(
    target.split('?')[0]!,
  );
const hasBody = (request: IncomingMessage) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

const notAllowed = (message: string, allow: string) =>
  new HttpError(405, 'method_not_allowed', message, undefined, { Allow: allow });

/** `application/json`, with or without parameters (`; charset=utf-8`): what `readJson` parses. */
function isJson(request: IncomingMessage): boolean {
  return (
    String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase() === 'application/json'
  );
}

/**
 * A page load another site's page made without navigating to it (an iframe, a fetch, an image):
 * Fetch Metadata's resource isolation policy lets only a top-level navigation through (which
 * carries no `Origin`), so a link from elsewhere still opens the site, while a hidden frame
 * cannot render it nor spend the address's budget of new visitor ids.
 */
function embeddedFromAnotherSite(request: IncomingMessage): boolean {
  if (!crossSiteReason(request)) return false;
  const topLevel = request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document';
  return !topLevel || request.headers.origin !== undefined;
}

/**
 * What the front door refuses before any route runs (nothing written, no cookie given):
 * - a write to the API (any method but GET/HEAD/OPTIONS) a browser sent from another site's page
 *   (lib/limits/same-site.ts): 403 `cross_site`;
 * - a write to the API with a body that is not `application/json` (a `<form>` or a no-cors
 *   fetch can send only form encodings and text/plain): 415 `unsupported_media_type`;
 * - a page or Next's file asked with another method than GET or HEAD, the API with one no route
 *   takes (TRACE, WebDAV's): 405, with `Allow`;
 * - a `Next-Router-State-Tree` header Next cannot parse (Next answered it 500): 400 `invalid_header`;
 * - a page another site embeds or fetches, rather than navigates to: 403 `cross_site` (not a public file).
 */
export function refusalOf(request: IncomingMessage): HttpError | undefined {
  const path = pathOf(request);
  const method = request.method ?? 'GET';
  if (isApi(path) && !API_METHOD_SET.has(method)) return notAllowed(`the API answers only ${API_METHODS}`, API_METHODS);
  if (isFramework(path) || isApi(path)) {
    if (method !== 'GET' && method !== 'HEAD' && isFramework(path))
      return notAllowed(`Next's files answer only ${PAGE_METHODS}`, PAGE_METHODS);
    const malformed = routerStateProblem(request);
    if (malformed) return new HttpError(400, 'invalid_header', malformed);
  }
  if (isFramework(path)) return undefined;
  if (isApi(path)) {
    if (READS.has(method)) return undefined;
    const reason = crossSiteReason(request);
    if (reason) return new HttpError(403, 'cross_site', `writes come only from this site's pages: ${reason}`);
    if (hasBody(request) && !isJson(request))
      return new HttpError(415, 'unsupported_media_type', 'the body must be application/json');
    return undefined;
  }
  if (method !== 'GET' && method !== 'HEAD') return notAllowed(`a page answers only ${PAGE_METHODS}`, PAGE_METHODS);
  const malformed = routerStateProblem(request);
  if (malformed) return new HttpError(400, 'invalid_header', malformed);
  if (!isPublicFile(path) && embeddedFromAnotherSite(request))
    return new HttpError(403, 'cross_site', 'this page may only be opened, not embedded or fetched, by another site');
  return undefined;
}
