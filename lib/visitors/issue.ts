import type { IncomingMessage, ServerResponse } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { appMetrics } from '../metrics/app-metrics';
import { writesPerMinute } from '../rate-limit-setting';
import { newVisitorCookie, VISITOR_COOKIE, visitorFromCookies } from './cookie';

/** New visitor ids one address may be given per minute, per instance; beyond, pages are served uncounted. */
export const NEW_VISITORS_PER_MINUTE = 20;

const newIds = new RateLimiterMemory({ keyPrefix: 'new-visitors', points: NEW_VISITORS_PER_MINUTE, duration: 60 });

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

/** X-Forwarded-Proto counts only from a proxy we trust (TRUST_PROXY=1); its first hop is the client's. */
function behindHttpsProxy(request: IncomingMessage): boolean {
  const proto = String(request.headers['x-forwarded-proto'] ?? '').split(',')[0]!.trim();
  return process.env.TRUST_PROXY === '1' && proto === 'https';
}

/**
 * Gives a page request or a quiz start without a valid visitor cookie a new signed one
 * (Set-Cookie), and adds it to the request so the page being rendered, or the quiz route, sees
 * it too. An address asking for too many new ids gets its pages without one (they stay live,
 * but nobody is counted) and its quiz starts refused (app/api/quiz/sessions/route.ts).
 */
export async function issueVisitorCookie(request: IncomingMessage, response: ServerResponse, address: string): Promise<void> {
  if (!needsVisitor(request) || visitorFromCookies(request.headers.cookie)) return;
  // RATE_LIMIT_PER_MIN=0 (QA, the bench) turns this per-address limit off with the others.
  const allowed = writesPerMinute() === 0 || (await newIds.consume(address).then(() => true, () => false));
  if (!allowed) return appMetrics().rateLimitRefused('new-visitor-ids');
  const secure = behindHttpsProxy(request);
  const { value, setCookie } = newVisitorCookie(secure);
  response.appendHeader('Set-Cookie', setCookie);
  const others = (request.headers.cookie ?? '').split(';').filter((pair) => pair.trim() && !pair.trim().startsWith(`${VISITOR_COOKIE}=`));
  request.headers.cookie = [...others.map((pair) => pair.trim()), `${VISITOR_COOKIE}=${encodeURIComponent(value)}`].join('; ');
}
