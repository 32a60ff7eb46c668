import type { IncomingMessage } from 'node:http';

/** ALLOWED_ORIGINS: comma-separated origins (`https://example.com`) allowed besides the app's own. */
function allowedOrigins(): Set<string> {
  return new Set((process.env.ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean));
}

/**
 * Socket.IO's allowRequest: refuses a handshake a browser makes from another site's page (its
 * Origin is not this host, nor one of ALLOWED_ORIGINS). Browsers always send Origin with a
 * WebSocket; a same-origin polling request may omit it, and a non-browser client can say
 * anything, which is why presence trusts the signed cookie, not this check.
 */
export function allowOrigin(request: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void {
  const origin = request.headers.origin;
  if (!origin) return callback(null, true);
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return callback('origin not allowed', false);
  }
  const allowed = host === request.headers.host || allowedOrigins().has(origin.replace(/\/$/, ''));
  callback(allowed ? null : 'origin not allowed', allowed);
}
