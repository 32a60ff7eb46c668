import type { Server } from 'node:http';
import { limitPoints } from '../limits/address-limits';
import { networkScopes } from '../limits/limit-key';
import { trustedProxies } from '../limits/trusted-proxy';

/**
 * The open TCP connections one address may hold on this instance, plain HTTP and upgraded alike:
 * twice its Socket.IO places (RATE_LIMIT_SOCKETS_PER_ADDRESS), so its pages' sockets and their
 * requests fit; counted, as every limit, at its IPv6 /64 and at its /56 and /48 with two and four
 * times that. One over in any is closed at once, before a byte is read. A trusted proxy's
 * connections carry many clients, and are not capped here (HAProxy caps each source), nor this
 * host's own (the page cache's renders: lib/server/loopback.ts).
 */
export function capConnectionsPerAddress(server: Server, cap = () => limitPoints('sockets') * 2): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const peer = socket.remoteAddress;
    const limit = cap();
    if (!peer || limit === 0 || peer === socket.localAddress || trustedProxies()(peer, 0)) return;
    const scopes = networkScopes(peer);
    if (scopes.some(({ key, share }) => (open.get(key) ?? 0) + 1 > limit * share)) return void socket.destroy();
    for (const { key } of scopes) open.set(key, (open.get(key) ?? 0) + 1);
    socket.once('close', () => {
      for (const { key } of scopes) {
        const left = open.get(key)! - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      }
    });
  });
}
