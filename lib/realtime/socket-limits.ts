import { RateLimiterMemory } from 'rate-limiter-flexible';
import { limitPoints, takeFromAddress } from '../limits/address-limits';
import { limitKey } from '../limits/limit-key';
import { log } from '../log';
import { appMetrics } from '../metrics/app-metrics';
import { getRedis } from '../redis/client';
import { addressOf } from '../limits/trusted-proxy';
import { withRealtimeScripts } from './commands';
import type { RealtimeServer, RealtimeSocket } from './events';
import { openSocketsKey } from './keys';

/** Events one socket may send per SOCKET_EVENTS_WINDOW_S; a page sends a few per (re)connect. */
export const SOCKET_EVENTS_PER_WINDOW = 20;
export const SOCKET_EVENTS_WINDOW_S = 10;
/** An open socket's place is renewed this often; one not renewed for OPEN_SOCKET_TTL_MS (its instance died) is free. */
export const OPEN_SOCKET_TTL_MS = 60_000;
const RENEW_EVERY_MS = OPEN_SOCKET_TTL_MS / 3;

const perSocket = new RateLimiterMemory({ keyPrefix: 'socket-events', points: SOCKET_EVENTS_PER_WINDOW, duration: SOCKET_EVENTS_WINDOW_S });

const claim = (key: string, id: string, cap: number) =>
  withRealtimeScripts(getRedis()).openSocket(key, id, Date.now(), OPEN_SOCKET_TTL_MS, cap);

/**
 * Caps the sockets one address (an IPv6 /64) holds open across every instance
 * (RATE_LIMIT_SOCKETS_PER_ADDRESS): each socket claims a place in Redis at the handshake and
 * renews it while open; over the cap the handshake is refused. A Redis that cannot count lets
 * the socket in: its pages will say "reconnecting" anyway.
 */
export function limitSocketsPerAddress(io: RealtimeServer): void {
  io.use((socket, next) => {
    const cap = limitPoints('sockets');
    if (cap === 0) return next();
    const key = openSocketsKey(limitKey(addressOf(socket.request)));
    claim(key, socket.id, cap).then(
      (held) => {
        if (!held) {
          appMetrics().rateLimitRefused('sockets');
          return next(new Error('too many sockets from this address'));
        }
        const release = () => {
          clearInterval(renew);
          void getRedis().zrem(key, socket.id).catch(() => undefined);
        };
        // A client gone while its handshake was counted never connects, nor disconnects: the next renewal releases it.
        const renew = setInterval(() => (socket.disconnected ? release() : void claim(key, socket.id, cap).catch(() => undefined)), RENEW_EVERY_MS).unref();
        socket.once('disconnect', release);
        next();
      },
      (error: Error) => {
        log.warn({ err: error.message }, 'the socket cap could not be counted');
        next();
      },
    );
  });
}

/**
 * Every event a socket sends costs a point of its own budget (in memory), then one of its
 * address's (in Redis, shared by every socket of that address on every instance), before any
 * handler runs. Over either, an event with an acknowledgement is answered
 * `{ok: false, error: 'rate-limited'}`, one without is dropped.
 */
export function limitSocketEvents(socket: RealtimeSocket): void {
  const address = addressOf(socket.request);
  const refuse = (packet: unknown[]) => {
    const ack = packet.at(-1);
    if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: false, error: 'rate-limited' });
  };
  socket.use((packet, next) => {
    perSocket.consume(socket.id).then(
      () =>
        takeFromAddress('socket-events', address).then(
          (retryAfter) => (retryAfter === undefined ? next() : refuse(packet)),
          () => next(),
        ),
      () => {
        appMetrics().rateLimitRefused('socket-events');
        refuse(packet);
      },
    );
  });
  socket.on('disconnect', () => void perSocket.delete(socket.id));
}
