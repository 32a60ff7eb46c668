import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';
import { VISITOR_COOKIE } from '@/lib/visitors/cookie';

export type LiveClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectLive(): LiveClientSocket {
  // WebSocket first: behind a load balancer without sticky sessions, long-polling would break.
  return io({ transports: ['websocket', 'polling'], reconnectionDelay: 500, reconnectionDelayMax: 3_000 });
}

/** One id per person (a cookie shared by their tabs), so presence counts people, not tabs. */
export function visitorId(): string {
  const existing = new RegExp(`(?:^|; )${VISITOR_COOKIE}=([A-Za-z0-9_-]{8,64})`).exec(document.cookie)?.[1];
  if (existing) return existing;
  const id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  document.cookie = `${VISITOR_COOKIE}=${id}; path=/; max-age=31536000; samesite=lax`;
  return id;
}
