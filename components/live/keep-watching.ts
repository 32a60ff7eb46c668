import type { LiveClientSocket } from './socket-client';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

const WATCH_TIMEOUT_MS = 5_000;
/**
 * When to ask again after an ask failed: exponential backoff with jitter, from `firstMs` doubling
 * up to `maxMs`, each wait drawn between half and all of it, so pages that failed together do
 * not come back together. `rewatchJitterMs` spreads the asks of every page of an instance told
 * at once to ask again (a reconnect after a restart, Redis "up"); `resyncJitterMs` those of
 * pages that missed the same change.
 */
export type WatchTiming = { firstMs: number; maxMs: number; rewatchJitterMs: number; resyncJitterMs: number };
export const WATCH_TIMING: WatchTiming = { firstMs: 1_000, maxMs: 30_000, rewatchJitterMs: 1_000, resyncJitterMs: 500 };

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
    timing = WATCH_TIMING,
  }: {
    ask: (timeout: number, answer: (state: State | null) => void) => void;
    take: (state: State, buffered: Change[]) => boolean | void;
    onConnection: (connection: ConnectionState) => void;
    timing?: WatchTiming;
  },
): Watching<Change> {
  let pending: Change[] | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let redisDown = false;
  let askAgain = false;
  let failures = 0;
  let connectedBefore = false;
  const askWithin = (jitterMs: number) => {
    clearTimeout(retry);
    retry = setTimeout(watch, Math.random() * jitterMs);
  };

  const watch = () => {
    if (pending || !socket.connected) return;
    pending = [];
    clearTimeout(retry);
    ask(WATCH_TIMEOUT_MS, (state) => {
      const buffered = pending ?? [];
      pending = null;
      if (state === null) {
        onConnection('reconnecting');
        const backoff = Math.min(timing.firstMs * 2 ** failures++, timing.maxMs);
        retry = setTimeout(watch, backoff / 2 + (Math.random() * backoff) / 2);
        return;
      }
      failures = 0;
      const stale = take(state, buffered);
      onConnection(redisDown ? 'reconnecting' : 'live');
      if (stale || askAgain) resyncSoon();
    });
  };
  const resyncSoon = () => {
    askAgain = false;
    askWithin(timing.resyncJitterMs);
  };

  socket.on('connect', () => {
    if (connectedBefore) return askWithin(timing.rewatchJitterMs);
    connectedBefore = true;
    watch();
  });
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
    if (!pending) askWithin(timing.rewatchJitterMs);
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
