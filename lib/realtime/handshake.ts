import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { limitPoints } from '../limits/address-limits';
import { limitKey } from '../limits/limit-key';
import { crossSiteReason } from '../limits/same-site';
import { addressOf } from '../limits/trusted-proxy';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis } from '../redis/client';
import { withRealtimeScripts } from './commands';
import { openSocketsKey } from './keys';

/** An open connection's place is renewed this often; one not renewed for OPEN_SOCKET_TTL_MS (its instance died) is free. */
export const OPEN_SOCKET_TTL_MS = 60_000;
const RENEW_EVERY_MS = OPEN_SOCKET_TTL_MS / 3;

/**
 * SOCKET_CONNECT_TIMEOUT_MS: how long a connection may stay open without joining a namespace
 * (Socket.IO's `connectTimeout`, 45 s by default). A page joins within a round trip of opening.
 */
export function connectTimeoutMs(): number {
  return z.coerce.number().int().min(100).max(60_000).default(10_000).parse(process.env.SOCKET_CONNECT_TIMEOUT_MS || undefined);
}

type Callback = (error: string | null | undefined, success: boolean) => void;
type Claim = { key: string; id: string };
type EngineSocket = { request: IncomingMessage; once(event: 'close', listener: () => void): unknown; readyState: string };
type Engine = { on(event: 'connection', listener: (socket: EngineSocket) => void): unknown };

const claimPlace = ({ key, id }: Claim, cap: number) => withRealtimeScripts(getRedis()).openSocket(key, id, Date.now(), OPEN_SOCKET_TTL_MS, cap);

/**
 * Where an Engine.IO connection opens (its handshake, polling or WebSocket alike, before any
 * namespace): a browser's handshake from another site's page is refused, and so is one past
 * the cap of connections its address (an IPv6 /64) holds open on every instance
 * (RATE_LIMIT_SOCKETS_PER_ADDRESS), counted in Redis (`{sockets:<key>}:open`,
 * lib/realtime/lua/open-socket.lua). `allowRequest` is Socket.IO's option; `track` follows each
 * admitted connection, renewing its place while it is open and freeing it when it closes. A
 * Redis that cannot count lets the connection in: its pages will say "reconnecting" anyway.
 */
export function connectionCap() {
  const claims = new WeakMap<IncomingMessage, Claim>();
  return {
    allowRequest(request: IncomingMessage, callback: Callback): void {
      if (crossSiteReason(request)) return callback('origin not allowed', false);
      const cap = limitPoints('sockets');
      if (cap === 0) return callback(null, true);
      const claim = { key: openSocketsKey(limitKey(addressOf(request))), id: randomBytes(12).toString('base64url') };
      claimPlace(claim, cap).then(
        (held) => {
          if (!held) {
            appMetrics().rateLimitRefused('sockets');
            return callback('too many connections from this address', false);
          }
          claims.set(request, claim);
          callback(null, true);
        },
        (error: Error) => {
          log.warn({ err: error.message }, 'the connection cap could not be counted');
          callback(null, true);
        },
      );
    },
    track(engine: Engine): void {
      engine.on('connection', (socket) => {
        const claim = claims.get(socket.request);
        if (!claim) return;
        const cap = limitPoints('sockets');
        const release = () => {
          clearInterval(renew);
          void getRedis().zrem(claim.key, claim.id).catch(() => undefined);
        };
        const renew = setInterval(() => (socket.readyState === 'closed' ? release() : void claimPlace(claim, cap).catch(() => undefined)), RENEW_EVERY_MS).unref();
        socket.once('close', release);
      });
    },
  };
}
