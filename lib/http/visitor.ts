import { newVisitorCookie, visitorFromCookies } from '../visitors/cookie';

/** The visitor a request speaks for, and the Set-Cookie to give when it had no valid cookie. */
export type RequestVisitor = { id: string; setCookie?: string };

/** The signed `cp_vid` cookie's visitor, or a new one (HttpOnly, Secure behind an HTTPS proxy we trust). */
export function requestVisitor(request: Request): RequestVisitor {
  const known = visitorFromCookies(request.headers.get('cookie') ?? undefined);
  if (known) return { id: known };
  const proto = (request.headers.get('x-forwarded-proto') ?? '').split(',')[0]!.trim();
  const { id, setCookie } = newVisitorCookie(process.env.TRUST_PROXY === '1' && proto === 'https');
  return { id, setCookie };
}

/** A JSON answer that hands a new visitor their cookie. */
export function jsonFor(visitor: RequestVisitor, body: unknown, init: ResponseInit = {}): Response {
  const response = body === null ? new Response(null, init) : Response.json(body, init);
  response.headers.set('Cache-Control', 'no-store');
  if (visitor.setCookie) response.headers.append('Set-Cookie', visitor.setCookie);
  return response;
}
