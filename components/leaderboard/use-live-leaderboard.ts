'use client';

import { useEffect, useRef, useState } from 'react';
import { applyBoardChange, arrivedOnBoard } from '@/lib/leaderboard/client-state';
import type { Board, LeaderboardChange } from '@/lib/leaderboard/types';
import { keepWatching, replay, type ConnectionState } from '../live/keep-watching';
import { connectLive } from '../live/live-socket';

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
    const commit = (next: Board, entered: string[] = []) => {
      boardRef.current = next;
      setBoard(next);
      if (entered.length > 0) setArrived((ids) => arrivedOnBoard(ids, next, entered));
    };
    const watching = keepWatching<Board, LeaderboardChange>(socket, {
      ask: (timeout, answer) =>
        socket.timeout(timeout).emit('leaderboard:watch', (error, reply) => answer(error || !reply.ok ? null : reply.board)),
      take: (fresh, buffered) => {
        const { state: next, stale } = replay(fresh, buffered, applyBoardChange);
        const known = new Set(boardRef.current.entries.map((entry) => entry.id));
        commit(next, next.entries.filter((entry) => !known.has(entry.id)).map((entry) => entry.id));
        return stale;
      },
      onConnection: setConnection,
    });

    socket.on('leaderboard:change', (change) => {
      if (watching.buffer(change)) return;
      const next = applyBoardChange(boardRef.current, change);
      if (next === 'resync') watching.resyncSoon();
      else if (next !== boardRef.current) commit(next, [change.entry.id]);
    });
    return watching.stop;
  }, []);

  return { board, arrived, connection };
}
