import { randomBytes } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import { z } from 'zod';
import { visitorIdSchema } from '../live-events/schemas';
import { processEnv, rawSetting, type Env } from '../config';
import { randomToken } from '../ids';
import { setBounded } from '../bounded';

/**
 * The visitor id: issued by the server with the page, signed (cookie-signature's HMAC-SHA256),
 * HttpOnly and SameSite=Lax, so no script can read or forge one. Presence and "recently viewed"
 * trust only an id that comes back in this cookie, never one in a payload.
 */
export const VISITOR_COOKIE = 'cp_vid';
/**
 * Its name over HTTPS: a `__Host-` cookie is refused by browsers unless Secure, from the host
 * itself, with Path=/ and no Domain, so neither a sibling subdomain nor plain HTTP can plant one.
 */
export const SECURE_VISITOR_COOKIE = `__Host-${VISITOR_COOKIE}`;
/** A `Set-Cookie` or `Cookie` pair of the visitor cookie, by either name. */
export const isVisitorPair = (pair: string) =>
  pair.startsWith(`${VISITOR_COOKIE}=`) || pair.startsWith(`${SECURE_VISITOR_COOKIE}=`);
const ONE_YEAR_S = 365 * 24 * 3600;

const secretSchema = (name: string) => z.string().min(32, `${name} must be at least 32 characters`);

/**
 * VISITOR_SECRET, which signs new cookies and keys player ids; instances behind one load
 * balancer must share it, or each refuses the others' cookies.
 */
function secret(): string | undefined {
  const value = rawSetting('VISITOR_SECRET');
  return value ? checkedSecret('VISITOR_SECRET', value) : undefined;
}

// Read on every request that carries a cookie: a value is checked once, not on each read.
const checked = new Set<string>();
function checkedSecret(name: string, value: string): string {
  if (!checked.has(value)) checked.add(secretSchema(name).parse(value));
  return value;
}

/** The longest a rotated-out secret is honoured: a stolen one stops working within a day. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3600 * 1000;

const untilSchema = z.iso.datetime({ offset: true }).transform((text) => Date.parse(text));

/**
 * VISITOR_SECRET_PREVIOUS: the secret rotated out, whose cookies still count (and are signed
 * again with the new one) until VISITOR_SECRET_PREVIOUS_UNTIL, then not at all.
 */
function previousSecret(now = Date.now()): string | undefined {
  const value = rawSetting('VISITOR_SECRET_PREVIOUS');
  if (!value) return undefined;
  const until = untilSchema.safeParse(rawSetting('VISITOR_SECRET_PREVIOUS_UNTIL'));
  if (!until.success || now >= until.data) return undefined;
  return checkedSecret('VISITOR_SECRET_PREVIOUS', value);
}

/**
 * At start: checks VISITOR_SECRET (and VISITOR_SECRET_PREVIOUS with its end). `npm start` refuses to run
 * without one: a secret made up at each start would refuse every cookie after a restart (the
 * demos make one up and keep it in their data folder); elsewhere (`npm run dev`, tests) one is
 * made up for this process and its Next bundle.
 */
export function ensureVisitorSecret(env: Env = processEnv(), now = Date.now()): void {
  if (!env.VISITOR_SECRET && env.NODE_ENV === 'production') {
    throw new Error(
      'npm start refuses to run without VISITOR_SECRET (at least 32 characters: `openssl rand -base64 32`), or every visitor would be new after a restart',
    );
  }
  env.VISITOR_SECRET ||= randomBytes(32).toString('base64url');
  secretSchema('VISITOR_SECRET').parse(env.VISITOR_SECRET);
  if (!env.VISITOR_SECRET_PREVIOUS) return;
  secretSchema('VISITOR_SECRET_PREVIOUS').parse(env.VISITOR_SECRET_PREVIOUS);
  // Unset: a day from this start. Set: an ISO time at most a day ahead, so the grace always ends.
  env.VISITOR_SECRET_PREVIOUS_UNTIL ||= new Date(now + PREVIOUS_SECRET_GRACE_MS).toISOString();
  const until = untilSchema.safeParse(env.VISITOR_SECRET_PREVIOUS_UNTIL);
  if (!until.success || until.data > now + PREVIOUS_SECRET_GRACE_MS) {
    throw new Error(
      'VISITOR_SECRET_PREVIOUS_UNTIL must be an ISO 8601 time (2026-11-29T12:00:00Z) at most a day ahead',
    );
  }
}

/**
 * Cookie headers this instance has verified with a secret, whole, so a visitor's next views skip
 * parsing and the HMAC: a browser sends the same header on every view. A longer header is
 * verified each time rather than kept (ten thousand of them would be megabytes).
 */
const VERIFIED_MAX = 10_000;
const REMEMBERED_HEADER_MAX = 512;
const verified = new Map<string, Map<string, string>>();

/**
 * Only headers whose visitor cookie the secret signed are kept: a client cannot fill this with
 * forgeries, and each signed id came through the new-visitor budget.
 */
function signedId(header: string | undefined, key: string | undefined): string | undefined {
  if (!header || !key) return undefined;
  let known = verified.get(key);
  const id = known?.get(header);
  if (id !== undefined) return id;
  const cookies = parseCookie(header);
  const value = cookies[SECURE_VISITOR_COOKIE] ?? cookies[VISITOR_COOKIE];
  if (!value) return undefined;
  const unsigned = unsign(value, key);
  if (unsigned === false || !visitorIdSchema.safeParse(unsigned).success) return undefined;
  if (!known) verified.set(key, (known = new Map()));
  if (header.length <= REMEMBERED_HEADER_MAX) setBounded(known, header, unsigned, VERIFIED_MAX);
  return unsigned;
}

/**
 * The visitor of a Cookie header: its id when this app signed it, `resign` when only with
 * VISITOR_SECRET_PREVIOUS (to be signed again with the current secret); else undefined.
 */
export function readVisitorCookie(header: string | undefined): { id: string; resign: boolean } | undefined {
  const current = signedId(header, secret());
  if (current) return { id: current, resign: false };
  const previous = signedId(header, previousSecret());
  return previous ? { id: previous, resign: true } : undefined;
}

/** The visitor id of a Cookie header, when it carries one this app signed (with either secret); else undefined. */
export function visitorFromCookies(header: string | undefined): string | undefined {
  return readVisitorCookie(header)?.id;
}

/** A new visitor id (or the given one, signed again) and its Set-Cookie header value. */
export function newVisitorCookie(
  secure: boolean,
  id = randomToken(16),
): { id: string; name: string; value: string; setCookie: string } {
  const key = secret();
  if (!key) throw new Error('VISITOR_SECRET is not set');
  const value = sign(id, key);
  const name = secure ? SECURE_VISITOR_COOKIE : VISITOR_COOKIE;
  const setCookie = stringifySetCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: ONE_YEAR_S,
    secure,
  });
  return { id, name, value, setCookie };
}

export { secret as visitorSecret, ONE_YEAR_S as visitorCookieMaxAgeSeconds };
