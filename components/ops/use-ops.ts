'use client';

import { useEffect, useState } from 'react';
import type { CreatorTotals } from '@/lib/creators/totals';
import type { FoldedMetricEvent } from '@/lib/folding/metric-events';
import { OPS_CREATORS_SHOWN, OPS_PUBLISHED_SHOWN, type OpsSnapshot } from '@/lib/ops/types';
import { keepWatching, type ConnectionState } from '../live/keep-watching';
import { openLive } from '../live/socket-client';

const TICK_MS = 250;

const withFold = (folds: FoldedMetricEvent[], fold: FoldedMetricEvent) =>
  folds.some((known) => known.key === fold.key) ? folds : [fold, ...folds].slice(0, OPS_PUBLISHED_SHOWN);

const withCreator = (creators: CreatorTotals[], totals: CreatorTotals) =>
  [totals, ...creators.filter((known) => known.account !== totals.account)].slice(0, OPS_CREATORS_SHOWN);

/**
 * The folding dashboard in the browser: no snapshot until its socket answers the ops room's
 * watch (the page is a static shell), a fresh one on every (re)connect and whenever Redis comes
 * back, and a tick on the server's clock so the pending groups' ages move between pushes.
 */
export function useOps() {
  const [snapshot, setSnapshot] = useState<OpsSnapshot | null>(null);
  const [now, setNow] = useState(0);
  const [connection, setConnection] = useState<ConnectionState>('connecting');

  useEffect(() => {
    // The server's clock minus the browser's, so ages are right whatever the browser's clock says.
    let clockOffset = 0;
    const tick = setInterval(() => setNow(Date.now() + clockOffset), TICK_MS);
    const close = openLive((socket) => {
      const watching = keepWatching<OpsSnapshot, never>(socket, {
        ask: (timeout, answer) =>
          socket
            .timeout(timeout)
            .emit('ops:watch', (error, reply) => answer(error || !reply.ok ? null : reply.snapshot)),
        take: (fresh) => {
          clockOffset = fresh.serverTime - Date.now();
          setSnapshot(fresh);
          setNow(fresh.serverTime);
        },
        onConnection: setConnection,
      });
      // A push before the first snapshot is in it: the snapshot is read after joining the room.
      socket.on('ops:state', (state) => setSnapshot((current) => current && { ...current, ...state }));
      socket.on('ops:published', (fold) =>
        setSnapshot((current) => current && { ...current, published: withFold(current.published, fold) }),
      );
      socket.on('creator:totals', (totals) =>
        setSnapshot((current) => current && { ...current, creators: withCreator(current.creators, totals) }),
      );
      return watching.stop;
    });
    return () => {
      clearInterval(tick);
      close();
    };
  }, []);

  return { snapshot, now, connection };
}
