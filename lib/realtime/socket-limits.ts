import { RateLimiterMemory } from 'rate-limiter-flexible';
import { appMetrics } from '../metrics/app-metrics';
import type { RealtimeSocket } from './events';

/** Events one socket may send per SOCKET_EVENTS_WINDOW_S; a page sends a few per (re)connect. */
export const SOCKET_EVENTS_PER_WINDOW = 20;
export const SOCKET_EVENTS_WINDOW_S = 10;

const perSocket = new RateLimiterMemory({ keyPrefix: 'socket-events', points: SOCKET_EVENTS_PER_WINDOW, duration: SOCKET_EVENTS_WINDOW_S });

/**
 * Every event a socket sends costs a point of its own budget, before any handler runs (and so
 * before any Redis work). Over budget, an event with an acknowledgement is answered
 * `{ok: false, error: 'rate-limited'}`, one without is dropped.
 */
export function limitSocketEvents(socket: RealtimeSocket): void {
  socket.use((packet, next) => {
    perSocket.consume(socket.id).then(
      () => next(),
      () => {
        appMetrics().rateLimitRefused('socket-events');
        const ack = packet.at(-1);
        if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: false, error: 'rate-limited' });
      },
    );
  });
  socket.on('disconnect', () => void perSocket.delete(socket.id));
}
