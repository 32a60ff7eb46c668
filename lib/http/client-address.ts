import type { IncomingMessage } from 'node:http';

/** Set by server.ts on every request, so a client cannot choose the address it is limited by. */
export const CLIENT_ADDRESS_HEADER = 'x-crowdpulse-client-address';

/**
 * Stamps the caller's address on the request: the socket's peer, or with TRUST_PROXY=1 (behind
 * a load balancer that appends to X-Forwarded-For) the address that balancer saw.
 */
export function stampClientAddress(request: IncomingMessage): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '').split(',').map((hop) => hop.trim());
  const viaProxy = process.env.TRUST_PROXY === '1' ? forwarded.at(-1) : undefined;
  const address = viaProxy || request.socket.remoteAddress || 'unknown';
  request.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
