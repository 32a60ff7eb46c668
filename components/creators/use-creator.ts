'use client';

import { useEffect, useState } from 'react';
import type { CreatorTotals } from '@/lib/creators/totals';
import { connectLive } from '../live/live-socket';
import type { ConnectionState } from '../live/use-live-project';

const WATCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 2_000;

/** A creator's totals, live: refreshed whenever a fold for their account is published; resynced on every (re)connect. */
export function useCreator(initial: CreatorTotals) {
  const [totals, setTotals] = useState(initial);
  const [connection, setConnection] = useState<ConnectionState>('connecting');

  useEffect(() => {
    const socket = connectLive();
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Totals computed later win: a resync answer may cross a push.
    const take = (next: CreatorTotals) => setTotals((current) => (next.computedAt >= current.computedAt ? next : current));
    const watch = () => {
      if (!socket.connected) return;
      clearTimeout(retry);
      socket.timeout(WATCH_TIMEOUT_MS).emit('creator:watch', { account: initial.account }, (error, reply) => {
        if (error || !reply.ok) {
          setConnection('reconnecting');
          retry = setTimeout(watch, RETRY_MS);
          return;
        }
        take(reply.totals);
        setConnection('live');
      });
    };
    socket.on('connect', watch);
    socket.on('disconnect', () => setConnection('reconnecting'));
    socket.on('connect_error', () => setConnection('reconnecting'));
    socket.on('server:status', ({ redis }) => (redis === 'down' ? setConnection('reconnecting') : watch()));
    socket.on('creator:totals', (next) => next.account === initial.account && take(next));
    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [initial.account]);

  return { totals, connection };
}
