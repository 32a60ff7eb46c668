import { io, type Socket } from 'socket.io-client';
import type { LiveChange } from '@/lib/live-events/types';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';

export type LiveClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectLive(): LiveClientSocket {
  // WebSocket first: behind a load balancer without sticky sessions, long-polling would break.
  return io({ transports: ['websocket', 'polling'], reconnectionDelay: 500, reconnectionDelayMax: 3_000 });
}

/** Calls `apply` for every change pushed for `slug`, one by one, whether it came alone or in a hot project's frame. */
export function onLiveChanges(socket: LiveClientSocket, slug: string, apply: (change: LiveChange) => void): void {
  socket.on('live:change', (change) => change.slug === slug && apply(change));
  socket.on('live:changes', (batch) => batch.slug === slug && batch.changes.forEach(apply));
}
