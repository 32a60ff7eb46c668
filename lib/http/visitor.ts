import { visitorFromCookies } from '../visitors/cookie';
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
