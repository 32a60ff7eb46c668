import type { LiveClientSocket } from './live-socket';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

const WATCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 2_000;
/** Spreads the reads of every open page when one missed change asks them all to resync. */
const RESYNC_JITTER_MS = 500;

type Watching<Change> = {
  /** Holds a pushed change while a fresh state is on its way (true), to be applied on top of it. */
  buffer(change: Change): boolean;
  /** Asks for a fresh state soon: a change was missed. */
  resyncSoon(): void;
  stop(): void;
};

/**
 * The loop every live page runs: ask for a fresh state on every (re)connect and whenever the
 * server says Redis is back (a page.clock jump or a restart can drop the socket at any time),
 * retry an ask that fails, and show "reconnecting" meanwhile, also when an answer comes while the
 * server says Redis is down (a subscription not live yet: the page would hear nothing). `ask`
 * emits the page's watch event with `timeout` and answers its state, or null when the server
 * could not serve it; `take` gets it with the changes buffered meanwhile and answers whether one
 * of them was a gap (resync).
 */
export function keepWatching<State, Change>(
  socket: LiveClientSocket,
  {
    ask,
    take,
    onConnection,
  }: {
    ask: (timeout: number, answer: (state: State | null) => void) => void;
    take: (state: State, buffered: Change[]) => boolean | void;
    onConnection: (connection: ConnectionState) => void;
  },
): Watching<Change> {
  let pending: Change[] | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let redisDown = false;
  let askAgain = false;

  const watch = () => {
    if (pending || !socket.connected) return;
    pending = [];
    clearTimeout(retry);
    ask(WATCH_TIMEOUT_MS, (state) => {
      const buffered = pending ?? [];
      pending = null;
      if (state === null) {
        onConnection('reconnecting');
        retry = setTimeout(watch, RETRY_MS);
        return;
      }
      const stale = take(state, buffered);
      onConnection(redisDown ? 'reconnecting' : 'live');
      if (stale || askAgain) resyncSoon();
    });
  };
  const resyncSoon = () => {
    askAgain = false;
    clearTimeout(retry);
    retry = setTimeout(watch, Math.random() * RESYNC_JITTER_MS);
  };

  socket.on('connect', watch);
  socket.on('disconnect', () => onConnection('reconnecting'));
  socket.on('connect_error', () => onConnection('reconnecting'));
  socket.on('server:status', ({ redis }) => {
    if (redis === 'down') {
      redisDown = true;
      return onConnection('reconnecting');
    }
    // An answer on its way may have been read before Redis was back: ask once more after it.
    if (redisDown && pending) askAgain = true;
    redisDown = false;
    watch();
  });

  return {
    buffer: (change) => pending?.push(change) !== undefined,
    resyncSoon,
    stop: () => {
      clearTimeout(retry);
      socket.disconnect();
    },
  };
}

/** Applies `changes` in order on top of `state`; `stale` when one of them showed a gap. */
export function replay<State, Change>(
  state: State,
  changes: Change[],
  apply: (state: State, change: Change) => State | 'resync',
): { state: State; stale: boolean } {
  let stale = false;
  for (const change of changes) {
    const applied = apply(state, change);
    if (applied === 'resync') stale = true;
    else state = applied;
  }
  return { state, stale };
}
