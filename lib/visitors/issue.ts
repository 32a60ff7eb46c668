import type { IncomingMessage, ServerResponse } from 'node:http';
import { takeFromAddress } from '../limits/address-limits';
import { fromTrustedProxy } from '../limits/trusted-proxy';
import { isVisitorPair, newVisitorCookie, readVisitorCookie } from './cookie';

/**
 * Set by server.ts on a request refused a new visitor id (replacing any such header the client
 * sent): the seconds until its address may have one, for the route's 429 (lib/http/visitor.ts).
 */
export const NEW_VISITOR_WAIT_HEADER = 'x-crowdpulse-new-visitor-wait';

/**
 * Page loads (not the API, not Next's assets, not Socket.IO), quiz starts, follows, pledges and
 * holds: a player, a follower, a backer (a name never makes one) or a hold's holder is a visitor. Nothing else is given an id: a feed read or an unfollow without
 * one has nothing to read or undo.
 */
function needsVisitor(request: IncomingMessage): boolean {
  const path = request.url ?? '/';
  if (
    request.method === 'POST' &&
    /^\/api\/projects\/[^/?]+\/(?:contributions|tiers\/[^/?]+\/hold)\/?(?:\?|$)/.test(path)
  )
    return true;
  if (request.method === 'POST') return /^\/api\/(?:quiz\/sessions|follows)\/?(?:\?|$)/.test(path);
  return (
    request.method === 'GET' &&
    !/^\/(?:api|_next|socket\.io)(?:\/|$)/.test(path) &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

/** X-Forwarded-Proto counts only from a proxy we trust (TRUST_PROXY); its first hop is the client's. */
function behindHttpsProxy(request: IncomingMessage): boolean {
  const proto = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]!
    .trim();
  return fromTrustedProxy(request) && proto === 'https';
}

/**
 * Gives a page request, a quiz start or a follow without a valid visitor cookie a new signed one
 * (Set-Cookie), and adds it to the request so the page being rendered, or the route, sees it
 * too. The one place new ids come from. An address asking for too many gets its pages without
 * one (they stay live, but nobody is counted), and its quiz starts and follows refused with the
 * wait the limit names (NEW_VISITOR_WAIT_HEADER, read by `requirePlayer`). Returns nothing to
 * wait for when the request needs no cookie or holds a valid one, as most page views do.
 */
export function issueVisitorCookie(
  request: IncomingMessage,
  response: ServerResponse,
  address: string,
): Promise<void> | undefined {
  delete request.headers[NEW_VISITOR_WAIT_HEADER];
  if (!needsVisitor(request)) return undefined;
  const visitor = readVisitorCookie(request.headers.cookie);
  if (visitor && !visitor.resign) return undefined;
  return issueNew(request, response, address, visitor?.id);
}

/** `resigned`: the id of a cookie signed with the previous secret. */
async function issueNew(
  request: IncomingMessage,
  response: ServerResponse,
  address: string,
  resigned?: string,
): Promise<void> {
  // Per address (an IPv6 /64), in Redis: every instance shares the budget (RATE_LIMIT_NEW_VISITORS_PER_HOUR).
  // A cookie signed anew is a cookie given: else one stolen old secret mints ids past the budget.
  const wait = await takeFromAddress('new-visitor-ids', address);
  // Over it, an old cookie still names its visitor until the grace ends; it is signed anew on a later page.
  if (resigned) return wait === undefined ? giveCookie(request, response, resigned) : undefined;
  if (wait !== undefined) {
    request.headers[NEW_VISITOR_WAIT_HEADER] = String(wait);
    return;
  }
  giveCookie(request, response);
}

/** A new visitor's cookie, or a rotated-out one signed again with its id (its follows carry over), on the response and the request. */
function giveCookie(request: IncomingMessage, response: ServerResponse, id?: string): void {
  const { name, value, setCookie } = newVisitorCookie(behindHttpsProxy(request), id);
  response.appendHeader('Set-Cookie', setCookie);
  const others = (request.headers.cookie ?? '').split(';').filter((pair) => pair.trim() && !isVisitorPair(pair.trim()));
  request.headers.cookie = [...others.map((pair) => pair.trim()), `${name}=${encodeURIComponent(value)}`].join('; ');
}
