import type { Socket } from 'socket.io-client';
import type { LiveChange } from '@/lib/live-events/types';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';

export type LiveClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const RETRY_LOAD_MS = 3_000;

/**
 * Opens the page's socket once the Socket.IO client has loaded, hands it to `setup` (which wires
 * its events and may answer a cleanup), and answers what closes both, whenever it is called. The
 * client is imported here, after hydration, rather than with the page: its 40 KB of script are
 * neither downloaded nor compiled before the page is interactive (docs/benchmarks.md,
 * "Lighthouse"). A failed load is retried, as a dropped socket is.
 */
export function openLive(setup: (socket: LiveClientSocket) => (() => void) | void): () => void {
  let closed = false;
  let close: (() => void) | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const load = () =>
    import('socket.io-client').then(
      ({ io }) => {
        if (closed) return;
        // WebSocket first: behind a load balancer without sticky sessions, long-polling would break.
        const socket: LiveClientSocket = io({
          transports: ['websocket', 'polling'],
          reconnectionDelay: 500,
          reconnectionDelayMax: 3_000,
        });
        parkInBackForwardCache(socket);
        const cleanup = setup(socket);
        close = () => {
          cleanup?.();
          socket.disconnect();
        };
      },
      () => {
        if (!closed) retry = setTimeout(load, RETRY_LOAD_MS);
      },
    );
  void load();
  return () => {
    closed = true;
    clearTimeout(retry);
    close?.();
  };
}

/**
 * An open WebSocket keeps a page out of some browsers' back/forward cache (Chromium kills it,
 * with an error): the socket is closed as the page enters the cache and opened again when Back
 * restores it, whose connect resyncs the page like any reconnect. A socket its component closed (not `active`) is never reopened.
 */
function parkInBackForwardCache(socket: LiveClientSocket): void {
  let parked = false;
  const park = (event: PageTransitionEvent) => {
    if (!socket.active) return forget();
    if (!event.persisted) return;
    parked = true;
    socket.disconnect();
  };
  const resume = (event: PageTransitionEvent) => {
    if (!event.persisted || !parked) return;
    parked = false;
    socket.connect();
  };
  const forget = () => {
    window.removeEventListener('pagehide', park);
    window.removeEventListener('pageshow', resume);
  };
  window.addEventListener('pagehide', park);
  window.addEventListener('pageshow', resume);
}

/** Calls `apply` for every change pushed for `slug`, one by one, whether it came alone or in a hot project's frame. */
export function onLiveChanges(socket: LiveClientSocket, slug: string, apply: (change: LiveChange) => void): void {
  socket.on('live:change', (change) => change.slug === slug && apply(change));
  socket.on('live:changes', (batch) => batch.slug === slug && batch.changes.forEach(apply));
}
