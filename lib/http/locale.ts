import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from '../locales';

/** Paths that are not pages (the API, Next's files, the socket, crawlers' files): never prefixed. */
const UNPREFIXED = /^\/(?:api|_next|socket\.io)(?:\/|$)|^\/(?:robots\.txt|sitemap\.xml|icon\.svg|favicon\.ico)$/;

/** The locale a path starts with (`/de/projects/x` is `de`), if any. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : undefined;
}

/**
 * The visitor's locale, as next-intl's middleware decides it: the switcher's cookie, then the
 * best match of `Accept-Language` (German for `de-AT`), then English.
 */
export function negotiateLocale(request: IncomingMessage): Locale {
  const remembered = parseCookies(request.headers.cookie ?? '')[LOCALE_COOKIE];
  if (isLocale(remembered)) return remembered;
  const asked = new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages();
  try {
    const found = match(asked, [...LOCALES], DEFAULT_LOCALE);
    return isLocale(found) ? found : DEFAULT_LOCALE;
  } catch {
    // A malformed language tag: the default.
    return DEFAULT_LOCALE;
  }
}

/**
 * A page asked without a locale prefix (`/`, `/projects/x`) is sent to the visitor's: 307 to the
 * same path and query under it. Its answer depends on the cookie and the header, so it is the
 * visitor's alone; the prefixed pages stay shared.
 */
export function redirectToLocale(request: IncomingMessage, response: ServerResponse): boolean {
  const target = request.url ?? '/';
  const pathname = target.split('?')[0]!;
  if (UNPREFIXED.test(pathname) || localeOfPath(pathname)) return false;
  const query = target.slice(pathname.length);
  const location = `/${negotiateLocale(request)}${pathname === '/' ? '' : pathname}${query}`;
  response.writeHead(307, { location, vary: 'Accept-Language, Cookie', 'cache-control': 'private, no-store' }).end();
  return true;
}
