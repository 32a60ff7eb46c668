import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';

export type LiveClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectLive(): LiveClientSocket {
  // WebSocket first: behind a load balancer without sticky sessions, long-polling would break.
  return io({ transports: ['websocket', 'polling'], reconnectionDelay: 500, reconnectionDelayMax: 3_000 });
}
