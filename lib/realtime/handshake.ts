import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { limitPoints } from '../limits/address-limits';
import { networkScopes } from '../limits/limit-key';
import { crossSiteReason } from '../limits/same-site';
import { addressOf } from '../limits/trusted-proxy';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis } from '../redis/client';
import { openSocket } from './scripts';
import { openSocketsKey } from './keys';
import { setting } from '../config';

/** An open connection's place is renewed this often; one not renewed for OPEN_SOCKET_TTL_MS (its instance died) is free. */
export const OPEN_SOCKET_TTL_MS = 60_000;
const RENEW_EVERY_MS = OPEN_SOCKET_TTL_MS / 3;

/**
 * SOCKET_CONNECT_TIMEOUT_MS: how long a connection may stay open without joining a namespace
 * (Socket.IO's `connectTimeout`, 45 s by default). A page joins within a round trip of opening.
 */
export function connectTimeoutMs(): number {
  return setting('SOCKET_CONNECT_TIMEOUT_MS');
}

type Callback = (error: string | null | undefined, success: boolean) => void;
/** A connection's places: one in each network its address is counted in, each with that network's cap. */
type SocketClaim = { id: string; places: Array<{ key: string; cap: number }> };
type EngineSocket = {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
  readyState: string;
};
type Engine = { on(event: 'connection', listener: (socket: EngineSocket) => void): unknown };

const claimPlace = (key: string, id: string, cap: number) =>
  openSocket.run(getRedis(), { sockets: key }, { id, now: Date.now(), ttl: OPEN_SOCKET_TTL_MS, cap });
const takePlaces = ({ id, places }: SocketClaim) => Promise.all(places.map(({ key, cap }) => claimPlace(key, id, cap)));
const releasePlaces = ({ id, places }: SocketClaim) =>
  Promise.all(places.map(({ key }) => getRedis().zrem(key, id))).then(() => undefined);

/**
 * Claims (or renews) every place of `claim`; when one network is full, gives back the places
 * just taken (each network's key is its own hash slot, so they cannot be one script).
 */
async function claimPlaces(claim: SocketClaim): Promise<boolean> {
  if ((await takePlaces(claim)).every(Boolean)) return true;
  await releasePlaces(claim);
  return false;
}

/**
 * Where an Engine.IO connection opens (its handshake, polling or WebSocket alike, before any
 * namespace): a browser's handshake from another site's page is refused, and so is one past
 * the cap of connections its address holds open on every instance
 * (RATE_LIMIT_SOCKETS_PER_ADDRESS; an IPv6 /64, its /56 and /48 a few times more, as
 * `networkScopes` says), counted in Redis (`{sockets:<key>}:open`,
 * lib/realtime/lua/open-socket.lua). `allowRequest` is Socket.IO's option; `track` follows each
 * admitted connection, renewing its place while it is open and freeing it when it closes. A
 * Redis that cannot count lets the connection in: its pages will say "reconnecting" anyway.
 */
export function connectionCap() {
  const claims = new WeakMap<IncomingMessage, SocketClaim>();
  return {
    allowRequest(request: IncomingMessage, callback: Callback): void {
      if (crossSiteReason(request)) return callback('origin not allowed', false);
      const cap = limitPoints('sockets');
      if (cap === 0) return callback(null, true);
      const places = networkScopes(addressOf(request)).map(({ key, share }) => ({
        key: openSocketsKey(key),
        cap: cap * share,
      }));
      const claim: SocketClaim = { id: randomBytes(12).toString('base64url'), places };
      claimPlaces(claim).then(
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
        const release = () => {
          clearInterval(renew);
          void releasePlaces(claim).catch(() => undefined);
        };
        const renew = setInterval(
          () => (socket.readyState === 'closed' ? release() : void takePlaces(claim).catch(() => undefined)),
          RENEW_EVERY_MS,
        ).unref();
        socket.once('close', release);
      });
    },
  };
}
