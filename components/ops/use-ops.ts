'use client';

import { useEffect, useState } from 'react';
import type { CreatorTotals } from '@/lib/creators/totals';
import type { FoldedMetricEvent } from '@/lib/folding/metric-events';
import { OPS_CREATORS_SHOWN, OPS_PUBLISHED_SHOWN, type OpsSnapshot } from '@/lib/ops/types';
import { connectLive } from '../live/live-socket';
import type { ConnectionState } from '../live/use-live-project';

const WATCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 2_000;
const TICK_MS = 250;

const withFold = (folds: FoldedMetricEvent[], fold: FoldedMetricEvent) =>
  folds.some((known) => known.key === fold.key) ? folds : [fold, ...folds].slice(0, OPS_PUBLISHED_SHOWN);

const withCreator = (creators: CreatorTotals[], totals: CreatorTotals) =>
  [totals, ...creators.filter((known) => known.account !== totals.account)].slice(0, OPS_CREATORS_SHOWN);

/**
 * The folding dashboard in the browser: starts from the server-rendered snapshot, watches the
 * ops room, takes a fresh snapshot on every (re)connect and whenever Redis comes back, and ticks
 * on the server's clock so the pending groups' ages move between pushes.
 */
export function useOps(initial: OpsSnapshot) {
  const [snapshot, setSnapshot] = useState(initial);
  const [now, setNow] = useState(initial.serverTime);
  const [connection, setConnection] = useState<ConnectionState>('connecting');

  useEffect(() => {
    const socket = connectLive();
    // The server's clock minus the browser's, so ages are right whatever the browser's clock says.
    let clockOffset = initial.serverTime - Date.now();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      if (!socket.connected) return;
      clearTimeout(retry);
      socket.timeout(WATCH_TIMEOUT_MS).emit('ops:watch', (error, reply) => {
        if (error || !reply.ok) {
          setConnection('reconnecting');
          retry = setTimeout(watch, RETRY_MS);
          return;
        }
        setSnapshot(reply.snapshot);
        clockOffset = reply.snapshot.serverTime - Date.now();
        setConnection('live');
      });
    };
    socket.on('connect', watch);
    socket.on('disconnect', () => setConnection('reconnecting'));
    socket.on('connect_error', () => setConnection('reconnecting'));
    socket.on('server:status', ({ redis }) => (redis === 'down' ? setConnection('reconnecting') : watch()));
    socket.on('ops:state', (state) => setSnapshot((current) => ({ ...current, ...state })));
    socket.on('ops:published', (fold) => setSnapshot((current) => ({ ...current, published: withFold(current.published, fold) })));
    socket.on('creator:totals', (totals) => setSnapshot((current) => ({ ...current, creators: withCreator(current.creators, totals) })));

    const tick = setInterval(() => setNow(Date.now() + clockOffset), TICK_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [initial.serverTime]);

  return { snapshot, now, connection };
}
