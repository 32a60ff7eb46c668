import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

const bearer = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
const matches = (presented: string | undefined, expected: string | undefined) =>
  Boolean(expected && presented && timingSafeEqual(digest(presented), digest(expected)));

/** Admin routes take `Authorization: Bearer $ADMIN_TOKEN`; compared in constant time. */
export function requireAdmin(request: Request): void {
  if (!matches(bearer(request), process.env.ADMIN_TOKEN)) {
    throw new HttpError(401, 'unauthorized', 'an admin bearer token is required', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }
}

/**
 * `/api/metrics` is the operator's (memory, versions, the instance's name, refusals): a scraper's
 * own `Bearer $METRICS_TOKEN`, or the admin token; without either set it answers 401 to everyone.
 */
export function requireMetricsReader(request: Request): void {
  const presented = bearer(request);
  if (matches(presented, process.env.METRICS_TOKEN) || matches(presented, process.env.ADMIN_TOKEN)) return;
  throw new HttpError(401, 'unauthorized', 'a metrics or admin bearer token is required', undefined, { 'WWW-Authenticate': 'Bearer' });
}
