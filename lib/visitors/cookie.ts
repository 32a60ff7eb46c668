import { randomBytes } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import { z } from 'zod';
import { visitorIdSchema } from '../live-events/schemas';

/**
 * The visitor id: issued by the server with the page, signed (cookie-signature's HMAC-SHA256),
 * HttpOnly and SameSite=Lax, so no script can read or forge one. Presence and "recently viewed"
 * trust only an id that comes back in this cookie, never one in a payload.
 */
export const VISITOR_COOKIE = 'cp_vid';
const ONE_YEAR_S = 365 * 24 * 3600;

const secretSchema = z.string().min(16, 'VISITOR_SECRET must be at least 16 characters');

/**
 * VISITOR_SECRET, or one made up at start (lib/server/runtime.ts). Instances behind one load
 * balancer must share it, or each refuses the others' cookies.
 */
function secret(): string | undefined {
  const value = process.env.VISITOR_SECRET;
  return value ? secretSchema.parse(value) : undefined;
}

/** At start: checks VISITOR_SECRET, or makes one up for this process (and its Next bundle). */
export function ensureVisitorSecret(): void {
  process.env.VISITOR_SECRET ||= randomBytes(32).toString('base64url');
  secretSchema.parse(process.env.VISITOR_SECRET);
}

/** The visitor id of a Cookie header, when it carries one this app signed; else undefined. */
export function visitorFromCookies(header: string | undefined): string | undefined {
  const key = secret();
  const value = header && key ? parseCookie(header)[VISITOR_COOKIE] : undefined;
  if (!value || !key) return undefined;
  const id = unsign(value, key);
  return id !== false && visitorIdSchema.safeParse(id).success ? id : undefined;
}

/** A new visitor id and its Set-Cookie header value. */
export function newVisitorCookie(secure: boolean): { id: string; value: string; setCookie: string } {
  const key = secret();
  if (!key) throw new Error('VISITOR_SECRET is not set');
  const id = randomBytes(16).toString('base64url');
  const value = sign(id, key);
  const setCookie = stringifySetCookie(VISITOR_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: ONE_YEAR_S, secure });
  return { id, value, setCookie };
}

export { secret as visitorSecret, ONE_YEAR_S as visitorCookieMaxAgeSeconds };
