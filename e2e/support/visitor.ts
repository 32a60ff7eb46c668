import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../lib/realtime/events';
import { isVisitorPair } from '../../lib/visitors/cookie';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The signed visitor cookie a browser gets with its first page (`cp_vid=…`, ready for a Cookie header). */
export async function visitorCookie(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/`, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find(isVisitorPair);
  if (!cookie) throw new Error(`no visitor cookie from ${baseURL}/ (${response.status})`);
  return cookie.split(';')[0]!;
}

/** A raw Socket.IO client, as a script would open one: WebSocket only, with the headers given. */
export function rawSocket(baseURL: string, headers: Record<string, string> = {}): ClientSocket {
  return io(baseURL, { transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true });
}
