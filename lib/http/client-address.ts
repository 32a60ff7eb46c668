import type { IncomingMessage } from 'node:http';
import { addressOf } from '../limits/trusted-proxy';

/** Set by server.ts on every request, so a client cannot choose the address it is limited by. */
export const CLIENT_ADDRESS_HEADER = 'x-crowdpulse-client-address';

/** Stamps the caller's address on the request (replacing any such header the client sent). */
export function stampClientAddress(request: IncomingMessage): string {
  const address = addressOf(request);
  request.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
