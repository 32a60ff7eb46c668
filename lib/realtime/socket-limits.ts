import { RateLimiterMemory } from 'rate-limiter-flexible';
import { takeFromAddress } from '../limits/address-limits';
import { appMetrics } from '../metrics/app-metrics';
import { addressOf } from '../limits/trusted-proxy';
import type { RealtimeSocket } from './events';

/** Events one socket may send per SOCKET_EVENTS_WINDOW_S; a page sends a few per (re)connect. */
export const SOCKET_EVENTS_PER_WINDOW = 20;
export const SOCKET_EVENTS_WINDOW_S = 10;
const perSocket = new RateLimiterMemory({
  keyPrefix: 'socket-events',
  points: SOCKET_EVENTS_PER_WINDOW,
  duration: SOCKET_EVENTS_WINDOW_S,
});

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
