import { createHash, timingSafeEqual } from 'node:crypto';
import { log } from '../log';
import { spentOnAddress, takeFromAddress } from '../limits/address-limits';
import { clientAddress } from './client-address';
import { HttpError } from './errors';
import { tooMany } from './rate-limit';
import { rawSetting } from '../config';

const digest = (text: string) => createHash('sha256').update(text).digest();

const bearer = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
const matches = (presented: string | undefined, expected: string | undefined) =>
  Boolean(expected && presented && timingSafeEqual(digest(presented), digest(expected)));

/**
 * Every route taking a token: an address whose failed tokens spent its budget
 * (RATE_LIMIT_FAILED_TOKENS_PER_HOUR, per /64, /56 and /48) gets 429 with Retry-After, right
 * token or not, so guessing stops; each wrong or missing token takes a point, then 401.
 */
async function requireToken(request: Request, accepted: boolean, refusal: string): Promise<void> {
  const address = clientAddress(request);
  // Checking is a read: a Redis that cannot say lets a right token through (a wrong one still needs Redis to count it, else 503).
  const spent = await spentOnAddress('failed-tokens', address).catch((error: Error) => {
    log.warn({ err: error.message }, 'the failed-token limit could not be read');
    return undefined;
  });
  if (spent !== undefined) throw tooMany('failed tokens', spent);
  if (accepted) return;
  const wait = await takeFromAddress('failed-tokens', address);
  if (wait !== undefined) throw tooMany('failed tokens', wait);
  throw new HttpError(401, 'unauthorized', refusal, undefined, { 'WWW-Authenticate': 'Bearer' });
}

/** Admin routes take `Authorization: Bearer $ADMIN_TOKEN`; compared in constant time. */
export function requireAdmin(request: Request): Promise<void> {
  return requireToken(
    request,
    matches(bearer(request), rawSetting('ADMIN_TOKEN')),
    'an admin bearer token is required',
  );
}

/**
 * `/api/metrics` is the operator's (memory, versions, the instance's name, refusals): a scraper's
 * own `Bearer $METRICS_TOKEN`, or the admin token; without either set it answers 401 to everyone.
 */
export function requireMetricsReader(request: Request): Promise<void> {
  const presented = bearer(request);
  const accepted = matches(presented, rawSetting('METRICS_TOKEN')) || matches(presented, rawSetting('ADMIN_TOKEN'));
  return requireToken(request, accepted, 'a metrics or admin bearer token is required');
}
