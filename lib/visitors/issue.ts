import type { IncomingMessage, ServerResponse } from 'node:http';
import { takeFromAddress } from '../address-limits';
import { fromTrustedProxy } from '../trusted-proxy';
import { newVisitorCookie, VISITOR_COOKIE, visitorFromCookies } from './cookie';

/** Page loads (not the API, not Next's assets, not Socket.IO), and quiz starts: a player is a visitor. */
function needsVisitor(request: IncomingMessage): boolean {
  const path = request.url ?? '/';
  if (request.method === 'POST') return /^\/api\/quiz\/sessions\/?(?:\?|$)/.test(path);
  return (
    request.method === 'GET' &&
    !/^\/(?:api|_next|socket\.io)(?:\/|$)/.test(path) &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

/** X-Forwarded-Proto counts only from a proxy we trust (TRUST_PROXY); its first hop is the client's. */
function behindHttpsProxy(request: IncomingMessage): boolean {
  const proto = String(request.headers['x-forwarded-proto'] ?? '').split(',')[0]!.trim();
  return fromTrustedProxy(request) && proto === 'https';
}

/**
 * Gives a page request or a quiz start without a valid visitor cookie a new signed one
 * (Set-Cookie), and adds it to the request so the page being rendered, or the quiz route, sees
 * it too. An address asking for too many new ids gets its pages without one (they stay live,
 * but nobody is counted) and its quiz starts refused (app/api/quiz/sessions/route.ts).
 */
export async function issueVisitorCookie(request: IncomingMessage, response: ServerResponse, address: string): Promise<void> {
  if (!needsVisitor(request) || visitorFromCookies(request.headers.cookie)) return;
  // Per address (an IPv6 /64), in Redis: every instance shares the budget (RATE_LIMIT_NEW_VISITORS_PER_HOUR).
  if ((await takeFromAddress('new-visitor-ids', address)) !== undefined) return;
  const secure = behindHttpsProxy(request);
  const { value, setCookie } = newVisitorCookie(secure);
  response.appendHeader('Set-Cookie', setCookie);
  const others = (request.headers.cookie ?? '').split(';').filter((pair) => pair.trim() && !pair.trim().startsWith(`${VISITOR_COOKIE}=`));
  request.headers.cookie = [...others.map((pair) => pair.trim()), `${VISITOR_COOKIE}=${encodeURIComponent(value)}`].join('; ');
}
