'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { applyActivityPage, applyChange, stateFromSnapshot, viewAt, type LiveState } from '@/lib/live-events/client-state';
import { ACTIVITY_PAGE } from '@/lib/live-events/limits';
import type { ActivityPage, LiveChange, LiveSnapshot } from '@/lib/live-events/types';
import { connectLive, visitorId } from './live-socket';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

const WATCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 2_000;
/** Spreads the snapshot reads of every open page when one change asks them all to resync. */
const RESYNC_JITTER_MS = 500;

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

  useEffect(() => {
    const socket = connectLive();
    const visitor = visitorId();
    let pending: LiveChange[] | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const commit = (next: LiveState) => {
      stateRef.current = next;
      setState(next);
    };

    // Changes that arrive while a snapshot is on its way are applied on top of it, by version.
    const watch = () => {
      if (pending || !socket.connected) return;
      pending = [];
      clearTimeout(retry);
      socket.timeout(WATCH_TIMEOUT_MS).emit('project:watch', { slug: initial.slug, visitorId: visitor }, (error, reply) => {
        const buffered = pending ?? [];
        pending = null;
        if (error || !reply.ok) {
          setConnection('reconnecting');
          retry = setTimeout(watch, RETRY_MS);
          return;
        }
        let next = stateFromSnapshot(reply.snapshot, Date.now());
        let stale = false;
        for (const change of buffered) {
          const applied = applyChange(next, change);
          if (applied === 'resync') stale = true;
          else next = applied;
        }
        commit(next);
        setBrowserNow(Date.now());
        setConnection('live');
        if (stale) resyncSoon();
      });
    };
    const resyncSoon = () => {
      clearTimeout(retry);
      retry = setTimeout(watch, Math.random() * RESYNC_JITTER_MS);
    };
    resyncRef.current = resyncSoon;

    socket.on('connect', watch);
    socket.on('disconnect', () => setConnection('reconnecting'));
    socket.on('connect_error', () => setConnection('reconnecting'));
    socket.on('server:status', ({ redis }) => (redis === 'down' ? setConnection('reconnecting') : watch()));
    socket.on('live:change', (change) => {
      if (change.slug !== initial.slug) return;
      if (pending) return void pending.push(change);
      const next = applyChange(stateRef.current, change);
      if (next === 'resync') resyncSoon();
      else commit(next);
    });

    const tick = setInterval(() => setBrowserNow(Date.now()), 1_000);
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [initial.slug]);

  // Pages older than the feed's last entry, by cursor: new entries arriving on top meanwhile
  // shift nothing (see applyActivityPage for a resync or a removal while the page was on its way).
  const loadMoreActivity = useCallback(async () => {
    const before = stateRef.current.activity.nextCursor;
    if (before === null) return;
    const response = await fetch(`/api/projects/${initial.slug}/timeline?limit=${ACTIVITY_PAGE.default}&before=${before}`, {
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`loading more activity answered ${response.status}`);
    const next = applyActivityPage(stateRef.current, before, (await response.json()) as ActivityPage);
    stateRef.current = next;
    setState(next);
  }, [initial.slug]);

  const now = browserNow + state.clockOffset;
  const view = viewAt(state, now);

  useEffect(() => {
    if (view.needsResync) resyncRef.current();
  }, [view.needsResync]);

  return { view, now, windows: state.windows, connection, loadMoreActivity };
}
