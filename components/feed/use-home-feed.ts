'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { appendFeedPage, applyFeedChange, type FeedState } from '@/lib/feed/client-state';
import type { FeedPage } from '@/lib/feed/read';
import type { ConnectionState } from '../live/keep-watching';
import { openLive } from '../live/socket-client';

export type FeedStatus = 'loading' | 'ready' | 'no-visitor' | 'unavailable';

/**
 * The visitor's home feed in the browser: its first page from `feed:watch` on every (re)connect,
 * then every new, changed or removed entry pushed live; older pages by cursor on demand.
 */
export function useHomeFeed() {
  const [state, setState] = useState<FeedState>({ entries: [], nextCursor: null });
  const [status, setStatus] = useState<FeedStatus>('loading');
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [now, setNow] = useState(() => Date.now());
  const stateRef = useRef(state);
  const commit = useCallback((next: FeedState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    const close = openLive((socket) => {
      const watch = () =>
        socket.timeout(5_000).emit('feed:watch', (error, reply) => {
          if (error || !reply.ok)
            return setStatus(
              error ? 'unavailable' : reply.ok ? 'ready' : reply.error === 'no-visitor' ? 'no-visitor' : 'unavailable',
            );
          commit({ entries: reply.page.entries, nextCursor: reply.page.nextCursor });
          setStatus('ready');
          setConnection('live');
        });
      socket.on('connect', watch);
      socket.on('disconnect', () => setConnection('reconnecting'));
      socket.on('feed:change', (change) => commit(applyFeedChange(stateRef.current, change)));
    });
    return () => {
      clearInterval(tick);
      close();
    };
  }, [commit]);

  const loadMore = useCallback(async () => {
    const before = stateRef.current.nextCursor;
    if (!before) return;
    const response = await fetch(`/api/feed?limit=20&before=${encodeURIComponent(before)}`);
    if (!response.ok) throw new Error(`feed page: ${response.status}`);
    const page = (await response.json()) as FeedPage;
    commit(appendFeedPage(stateRef.current, page));
  }, [commit]);

  return { ...state, status, connection, now, loadMore };
}
