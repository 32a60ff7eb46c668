import { io } from 'socket.io-client';
import { keepWatching, replay, type ConnectionState } from '../components/live/keep-watching';
import { onLiveChanges, type LiveClientSocket } from '../components/live/live-socket';
import { applyChange, stateFromSnapshot, type LiveState } from '../lib/live-events/client-state';
import type { LiveChange, LiveSnapshot } from '../lib/live-events/types';

/**
 * An open project page without the browser: the same socket options, the same watch loop
 * (components/live/keep-watching.ts) and the same model (lib/live-events/client-state.ts) as
 * use-live-project.ts, so its count is what a person would see.
 */
export class SimulatedPage {
  state: LiveState | null = null;
  connection: ConnectionState = 'connecting';
  /** Snapshots taken (the first, then one per resync) and frames of project changes received. */
  watches = 0;
  frames = 0;
  readonly socket: LiveClientSocket;
  private readonly stopWatching: () => void;

  /** `shown` is told of every change the page applies, as it applies it. */
  constructor(baseURL: string, readonly slug: string, shown?: (change: LiveChange) => void) {
    const socket: LiveClientSocket = (this.socket = io(baseURL, {
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 3_000,
      forceNew: true,
    }));
    const watching = keepWatching<LiveSnapshot, LiveChange>(socket, {
      ask: (timeout, answer) =>
        socket.timeout(timeout).emit('project:watch', { slug }, (error, reply) => answer(error || !reply.ok ? null : reply.snapshot)),
      take: (snapshot, buffered) => {
        const { state, stale } = replay(stateFromSnapshot(snapshot, Date.now()), buffered, applyChange);
        this.watches++;
        this.state = state;
        return stale;
      },
      onConnection: (connection) => (this.connection = connection),
    });
    onLiveChanges(socket, slug, (change) => {
      if (watching.buffer(change) || !this.state) return;
      const next = applyChange(this.state, change);
      if (next === 'resync') return watching.resyncSoon();
      this.state = next;
      shown?.(change);
    });
    socket.on('live:change', (change) => void (change.slug === slug && this.frames++));
    socket.on('live:changes', (batch) => void (batch.slug === slug && this.frames++));
    this.stopWatching = watching.stop;
  }

  get count(): number | undefined {
    return this.state?.contributionCount;
  }

  close(): void {
    this.stopWatching();
  }
}
