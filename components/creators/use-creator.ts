'use client';

import { useEffect, useState } from 'react';
import type { CreatorTotals } from '@/lib/creators/totals';
import { keepWatching, type ConnectionState } from '../live/keep-watching';
import { openLive } from '../live/socket-client';

/** A creator's totals, live: refreshed whenever a fold for their account is published; resynced on every (re)connect. */
export function useCreator(initial: CreatorTotals) {
  const [totals, setTotals] = useState(initial);
  const [connection, setConnection] = useState<ConnectionState>('connecting');

  useEffect(() => {
    return openLive((socket) => {
      // Totals computed later win: a resync answer may cross a push.
      const take = (next: CreatorTotals) =>
        setTotals((current) => (next.computedAt >= current.computedAt ? next : current));
      const watching = keepWatching<CreatorTotals, never>(socket, {
        ask: (timeout, answer) =>
          socket
            .timeout(timeout)
            .emit('creator:watch', { account: initial.account }, (error, reply) =>
              answer(error || !reply.ok ? null : reply.totals),
            ),
        take,
        onConnection: setConnection,
      });
      socket.on('creator:totals', (next) => next.account === initial.account && take(next));
      return watching.stop;
    });
  }, [initial.account]);

  return { totals, connection };
}
