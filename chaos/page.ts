import { io } from 'socket.io-client';
import { keepWatching, replay, type ConnectionState } from '../components/live/keep-watching';
import { onLiveChanges, type LiveClientSocket } from '../components/live/socket-client';
import { applyChange, stateFromSnapshot, type LiveState } from '../lib/live-events/client-state';
import type { LiveChange, LiveSnapshot } from '../lib/live-events/types';

/** What a simulated page keeps of a project, and how a pushed change moves it. */
export type PageModel<State> = {
  fromSnapshot(snapshot: LiveSnapshot, browserNow: number): State;
  apply(state: State, change: LiveChange): State | 'resync';
};

/** The browser's own model (lib/live-events/client-state.ts): what a person sees. */
export const browserModel: PageModel<LiveState> = { fromSnapshot: stateFromSnapshot, apply: applyChange };

/** The version and the total only: a page that checks it missed nothing, at a fraction of the browser model's cost. */
export type Tally = { version: number; raised: number };
export const tallyModel: PageModel<Tally> = {
  fromSnapshot: ({ version, raised }) => ({ version, raised }),
  apply(state, change) {
    if (change.type === 'visitors-changed' || change.type === 'expiring-times' || change.version <= state.version)
      return state;
    if (change.version > state.version + 1 || change.type === 'events-imported') return 'resync';
    const raised =
      change.type === 'contribution-recorded' || change.type === 'contribution-cancelled'
        ? change.raised
        : state.raised;
    return { version: change.version, raised };
  },
};

/**
 * An open project page without the browser: the same socket options, the same watch loop
 * (components/live/keep-watching.ts) and, unless told otherwise, the same model as
 * use-live-project.ts, so its count is what a person would see.
 */
export class SimulatedPage<State extends Tally = LiveState> {
  state: State | null = null;
  connection: ConnectionState = 'connecting';
  /** Snapshots taken (the first, then one per resync) and frames of project changes received. */
  watches = 0;
  frames = 0;
  readonly socket: LiveClientSocket;
  private readonly stopWatching: () => void;

  /** `shown` is told of every change the page applies, as it applies it. */
  constructor(
    baseURL: string,
    readonly slug: string,
    shown?: (change: LiveChange) => void,
    model: PageModel<State> = browserModel as unknown as PageModel<State>,
  ) {
    const socket: LiveClientSocket = (this.socket = io(baseURL, {
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 3_000,
      forceNew: true,
    }));
    const watching = keepWatching<LiveSnapshot, LiveChange>(socket, {
      ask: (timeout, answer) =>
        socket
          .timeout(timeout)
          .emit('project:watch', { slug }, (error, reply) => answer(error || !reply.ok ? null : reply.snapshot)),
      take: (snapshot, buffered) => {
        const { state, stale } = replay(model.fromSnapshot(snapshot, Date.now()), buffered, model.apply);
        this.watches++;
        this.state = state;
        return stale;
      },
      onConnection: (connection) => (this.connection = connection),
    });
    onLiveChanges(socket, slug, (change) => {
      if (watching.buffer(change) || !this.state) return;
      const next = model.apply(this.state, change);
      if (next === 'resync') return watching.resyncSoon();
      this.state = next;
      shown?.(change);
    });
    socket.on('live:change', (change) => void (change.slug === slug && this.frames++));
    socket.on('live:changes', (batch) => void (batch.slug === slug && this.frames++));
    this.stopWatching = watching.stop;
  }

  get count(): number | undefined {
    return (this.state as Partial<LiveState> | null)?.counters?.contributions?.count;
  }

  close(): void {
    this.stopWatching();
  }
}
