'use client';

import { useEffect, useRef, useState } from 'react';
import { applyBoardChange } from '@/lib/leaderboard/client-state';
import type { Board, LeaderboardChange } from '@/lib/leaderboard/types';
import { connectLive } from '../live/live-socket';
import type { ConnectionState } from '../live/use-live-project';

const WATCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 2_000;
/** Spreads the reads of every open board when one missed change asks them all to resync. */
const RESYNC_JITTER_MS = 500;

/**
 * The leaderboard in the browser: starts from the server-rendered board, watches it over
 * Socket.IO, takes the whole board again on every (re)connect and every "Redis is up", and
 * applies pushed entries in version order in between. `arrived` holds the ids that came in
 * live, so only those slide in.
 */
export function useLiveLeaderboard(initial: Board) {
  const [board, setBoard] = useState(initial);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const boardRef = useRef(board);

  useEffect(() => {
    const socket = connectLive();
    let pending: LeaderboardChange[] | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const commit = (next: Board, entered: string[] = []) => {
      boardRef.current = next;
      setBoard(next);
      if (entered.length > 0) setArrived((ids) => new Set([...ids, ...entered]));
    };

    // Changes that arrive while the board is on its way are applied on top of it, by version.
    const watch = () => {
      if (pending || !socket.connected) return;
      pending = [];
      clearTimeout(retry);
      socket.timeout(WATCH_TIMEOUT_MS).emit('leaderboard:watch', (error, reply) => {
        const buffered = pending ?? [];
        pending = null;
        if (error || !reply.ok) {
          setConnection('reconnecting');
          retry = setTimeout(watch, RETRY_MS);
          return;
        }
        let next = reply.board;
        let stale = false;
        for (const change of buffered) {
          const applied = applyBoardChange(next, change);
          if (applied === 'resync') stale = true;
          else next = applied;
        }
        const known = new Set(boardRef.current.entries.map((entry) => entry.id));
        commit(next, next.entries.filter((entry) => !known.has(entry.id)).map((entry) => entry.id));
        setConnection('live');
        if (stale) resyncSoon();
      });
    };
    const resyncSoon = () => {
      clearTimeout(retry);
      retry = setTimeout(watch, Math.random() * RESYNC_JITTER_MS);
    };

    socket.on('connect', watch);
    socket.on('disconnect', () => setConnection('reconnecting'));
    socket.on('connect_error', () => setConnection('reconnecting'));
    socket.on('server:status', ({ redis }) => (redis === 'down' ? setConnection('reconnecting') : watch()));
    socket.on('leaderboard:change', (change) => {
      if (pending) return void pending.push(change);
      const next = applyBoardChange(boardRef.current, change);
      if (next === 'resync') resyncSoon();
      else if (next !== boardRef.current) commit(next, [change.entry.id]);
    });

    return () => {
      clearTimeout(retry);
      socket.disconnect();
    };
  }, []);

  return { board, arrived, connection };
}
