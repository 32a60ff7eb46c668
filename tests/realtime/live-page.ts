import { io as connect } from 'socket.io-client';
import { keepWatching, replay } from '../../components/live/keep-watching';
import { onLiveChanges, type LiveClientSocket } from '../../components/live/socket-client';
import { applyChange, stateFromSnapshot, viewAt, type LiveState } from '../../lib/live-events/client-state';
import type { LiveChange, LiveSnapshot } from '../../lib/live-events/types';

export type LivePage = {
  state(): LiveState | null;
  /** Frames of project changes received ('live:change' and 'live:changes'), with their payloads. */
  frames: { at: number; changes: LiveChange[] }[];
  /** Snapshots taken (the first, then one per resync). */
  watches: number;
  /**
   * "Redis is up" said by the server after its first status: each asks the page to watch again
   * (its subscription was reset, or was not live yet when the page connected: "down" came first).
   */
  resumes: number;
  close(): void;
};

/**
 * A project page as the browser runs it, without the browser: the page's watch loop
 * (keep-watching.ts), its model (client-state.ts) and its way of reading pushes (onLiveChanges),
 * over a real Socket.IO connection. `dropFrame(n)` makes it lose its n-th frame (from 0), as a
 * page that missed a push would.
 */
export function openLivePage(url: string, slug: string, dropFrame: (index: number) => boolean = () => false): LivePage {
  const socket: LiveClientSocket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  let state: LiveState | null = null;
  // As use-live-project.ts does on its tick (every second there): known times ran out, ask again.
  const tick = setInterval(
    () => state && viewAt(state, Date.now() + state.clockOffset).needsResync && watching.resyncSoon(),
    100,
  );
  const page: LivePage = {
    state: () => state,
    frames: [],
    watches: 0,
    resumes: 0,
    close: () => {
      clearInterval(tick);
      watching.stop();
    },
  };
  const watching = keepWatching<LiveSnapshot, LiveChange>(socket, {
    ask: (timeout, answer) =>
      socket
        .timeout(timeout)
        .emit('project:watch', { slug }, (error, reply) => answer(error || !reply.ok ? null : reply.snapshot)),
    take: (snapshot, buffered) => {
      page.watches++;
      const next = replay(stateFromSnapshot(snapshot, Date.now()), buffered, applyChange);
      state = next.state;
      return next.stale;
    },
    onConnection: () => undefined,
  });
  let statuses = 0;
  socket.on('server:status', ({ redis }) => void (++statuses > 1 && redis === 'up' && page.resumes++));
  const record = (changes: LiveChange[]) => {
    page.frames.push({ at: performance.now(), changes });
    return dropFrame(page.frames.length - 1);
  };
  // Frames are counted before the page reads them; a dropped one never reaches the model.
  let dropping = false;
  socket.on('live:change', (change) => void (change.slug === slug && (dropping = record([change]))));
  socket.on('live:changes', (batch) => void (batch.slug === slug && (dropping = record(batch.changes))));
  onLiveChanges(socket, slug, (change) => {
    if (dropping || watching.buffer(change) || !state) return;
    const next = applyChange(state, change);
    if (next === 'resync') watching.resyncSoon();
    else state = next;
  });
  return page;
}
