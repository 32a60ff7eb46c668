'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  applyActivityPage,
  applyChange,
  stateFromSnapshot,
  viewAt,
  type LiveState,
} from '@/lib/live-events/client-state';
import { ACTIVITY_PAGE } from '@/lib/live-events/limits';
import type { ActivityPage, LiveChange, LiveSnapshot } from '@/lib/live-events/types';
import { keepWatching, replay, type ConnectionState } from './keep-watching';
import { onLiveChanges, openLive } from './socket-client';

/**
 * A project's live events in the browser: starts from the server-rendered snapshot, watches the
 * project over Socket.IO, resyncs on every (re)connect, and re-derives the view every second on
 * the server's clock so expired items leave by themselves. Older activity is loaded on demand.
 */
export function useLiveProject(initial: LiveSnapshot) {
  const [state, setState] = useState<LiveState>(() => stateFromSnapshot(initial, Date.now()));
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const stateRef = useRef(state);
  const resyncRef = useRef<() => void>(() => undefined);
  // The ref is what handlers read between renders; the state is what renders.
  const commit = useCallback((next: LiveState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    const tick = setInterval(() => setBrowserNow(Date.now()), 1_000);
    const close = openLive((socket) => {
      const watching = keepWatching<LiveSnapshot, LiveChange>(socket, {
        ask: (timeout, answer) =>
          socket
            .timeout(timeout)
            .emit('project:watch', { slug: initial.slug }, (error, reply) =>
              answer(error || !reply.ok ? null : reply.snapshot),
            ),
        take: (snapshot, buffered) => {
          const { state: next, stale } = replay(stateFromSnapshot(snapshot, Date.now()), buffered, applyChange);
          commit(next);
          setBrowserNow(Date.now());
          return stale;
        },
        onConnection: setConnection,
      });
      resyncRef.current = watching.resyncSoon;

      onLiveChanges(socket, initial.slug, (change) => {
        if (watching.buffer(change)) return;
        const next = applyChange(stateRef.current, change);
        if (next === 'resync') watching.resyncSoon();
        else commit(next);
      });
      return watching.stop;
    });
    return () => {
      clearInterval(tick);
      close();
    };
  }, [initial.slug, commit]);

  // Pages older than the timeline's last entry, by cursor: new entries arriving on top meanwhile
  // shift nothing (see applyActivityPage for a resync or a removal while the page was on its way).
  const loadMoreActivity = useCallback(async () => {
    const before = stateRef.current.activity.nextCursor;
    if (before === null) return;
    const response = await fetch(
      `/api/projects/${initial.slug}/timeline?limit=${ACTIVITY_PAGE.default}&before=${before}`,
      {
        cache: 'no-store',
      },
    );
    if (!response.ok) throw new Error(`loading more activity answered ${response.status}`);
    commit(applyActivityPage(stateRef.current, before, (await response.json()) as ActivityPage));
  }, [initial.slug, commit]);

  const now = browserNow + state.clockOffset;
  const view = viewAt(state, now);

  useEffect(() => {
    if (view.needsResync) resyncRef.current();
  }, [view.needsResync]);

  return { view, now, windows: state.windows, connection, loadMoreActivity };
}
