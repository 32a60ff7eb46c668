import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Admin routes take `Authorization: Bearer $ADMIN_TOKEN`; compared in constant time. */
export function requireAdmin(request: Request): void {
  const expected = process.env.ADMIN_TOKEN;
  const presented = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!expected || !presented || !timingSafeEqual(digest(presented), digest(expected))) {
    throw new HttpError(401, 'unauthorized', 'an admin bearer token is required', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }
}
