import { visitorFromCookies } from '../visitors/cookie';
import { playerFromCookies } from '../visitors/player';
import { NEW_VISITOR_WAIT_HEADER } from '../visitors/issue';
import { HttpError } from './errors';
import { tooMany } from './rate-limit';

/** The request's signed visitor id (`cp_vid`), or undefined: a visitor only server.ts gives (lib/visitors/issue.ts). */
export function knownVisitor(request: Request): string | undefined {
  return visitorFromCookies(request.headers.get('cookie') ?? undefined);
}

/**
 * The player (or follower) a request speaks for: its signed visitor id. server.ts gives one to
 * every quiz start and follow that comes without (lib/visitors/issue.ts); one still without was
 * refused a new id (too many from its address), so it is refused too, told the limit's real wait:
 * an id is what a player costs.
 */
export function requirePlayer(request: Request): string {
  const player = knownVisitor(request);
  if (player) return player;
  const wait = Number(request.headers.get(NEW_VISITOR_WAIT_HEADER));
  if (Number.isInteger(wait) && wait > 0) throw tooMany('new visitors from this address', wait);
  // No id and no refusal: giving one failed (its Redis), as a write here would.
  throw new HttpError(503, 'unavailable', 'no visitor id could be given; retry shortly', undefined, {
    'Retry-After': '1',
  });
}

/**
 * A pledge's visitor: server.ts gives a pledging client without one an id; one refused it (too
 * many new ids from its address) is refused too, with the limit's wait, rather than pledge as
 * nobody. Undefined only for a caller that never passed server.ts (in-process tests).
 */
export function pledgingVisitor(request: Request): string | undefined {
  const visitor = knownVisitor(request);
  if (visitor) return visitor;
  const wait = Number(request.headers.get(NEW_VISITOR_WAIT_HEADER));
  if (Number.isInteger(wait) && wait > 0) throw tooMany('new visitors from this address', wait);
  return undefined;
}

/** A JSON answer for one visitor (or none, for `null`): never cached. */
export function visitorJson(body: unknown, init: ResponseInit = {}): Response {
  const response = body === null ? new Response(null, init) : Response.json(body, init);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** The public player id a quiz request speaks for (its signed cookie); without one, a 403 `no_player`. */
export function requireQuizPlayer(request: Request): string {
  const player = playerFromCookies(request.headers.get('cookie'));
  if (!player)
    throw new HttpError(
      403,
      'no_player',
      'a quiz session is played with the visitor cookie its start sets: start a quiz with cookies on',
    );
  return player;
}
