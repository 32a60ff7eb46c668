import { newVisitorCookie, visitorFromCookies } from '../visitors/cookie';
import { HttpError } from './errors';

/**
 * The player a request speaks for: its signed visitor id. server.ts gives one to every quiz start
 * that comes without (lib/visitors/issue.ts); a start still without one was refused a new id
 * (too many from its address), so it is refused too: an id is what a player costs.
 */
export function requirePlayer(request: Request): string {
  const player = visitorFromCookies(request.headers.get('cookie') ?? undefined);
  if (player) return player;
  throw new HttpError(429, 'rate_limited', 'too many new players from this address; retry in a minute', undefined, { 'Retry-After': '60' });
}

/** The visitor a follow or feed request speaks for; `setCookie` when it is new (it came without a valid cookie). */
export type RequestVisitor = { id: string; setCookie?: string };

/**
 * The signed `cp_vid` cookie's visitor, or a new one (HttpOnly, Secure behind an HTTPS proxy we
 * trust). A new visitor has nothing stored yet: reads answer empty without touching Redis, so a
 * client dropping its cookie cannot make us store anything by reading.
 */
export function requestVisitor(request: Request): RequestVisitor {
  const known = visitorFromCookies(request.headers.get('cookie') ?? undefined);
  if (known) return { id: known };
  const proto = (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]!.trim();
  const { id, setCookie } = newVisitorCookie(process.env.TRUST_PROXY === '1' && proto === 'https');
  return { id, setCookie };
}

/** A JSON answer (or none, for `null`) that hands a new visitor their cookie; never cached. */
export function jsonFor(visitor: RequestVisitor, body: unknown, init: ResponseInit = {}): Response {
  const response = body === null ? new Response(null, init) : Response.json(body, init);
  response.headers.set('Cache-Control', 'no-store');
  if (visitor.setCookie) response.headers.append('Set-Cookie', visitor.setCookie);
  return response;
}
