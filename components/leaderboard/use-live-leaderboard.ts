'use client';

import { useEffect, useRef, useState } from 'react';
import { applyBoardsChange, arrivedOnBoards, msUntilRollover } from '@/lib/leaderboard/client-state';
import type { Boards, LeaderboardChange } from '@/lib/leaderboard/types';
import { keepWatching, replay, type ConnectionState } from '../live/keep-watching';
import { openLive } from '../live/socket-client';

/** Past the end of a day, wait a little (spread over the open pages) before reading the new boards. */
const ROLLOVER_JITTER_MS = 2_000;

/**
 * Today's, this week's and the all time board in the browser: starts from the server-rendered
 * boards, watches them over Socket.IO, takes them whole again on every (re)connect, every
 * "Redis is up" and when a day (or week) ends, and applies pushed changes in version order in
 * between. `arrived` holds the ids that came in live, so only those slide in. Without initial
 * boards (a client-rendered page) they are null until the first watch answers.
 */
export function useLiveLeaderboard(initial: Boards | null, serverTime: number) {
  const [boards, setBoards] = useState(initial);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const boardsRef = useRef(boards);
  const resync = useRef<() => void>(() => undefined);
  // Measured from the page's render, then from every watch answer (a shared page's HTML may be
  // seconds old); never on a change, which would pin "now" to the page load's time and push the
  // rollover a whole wait further each time the boards change.
  const [clockOffset, setClockOffset] = useState(() => serverTime - Date.now());

  useEffect(() => {
    return openLive((socket) => {
      const commit = (next: Boards, entered: string[] = []) => {
        boardsRef.current = next;
        setBoards(next);
        if (entered.length > 0) setArrived((ids) => arrivedOnBoards(ids, next, entered));
      };
      const ids = (of: Boards) => new Set(Object.values(of).flatMap((board) => board.entries.map((entry) => entry.id)));
      const watching = keepWatching<Boards, LeaderboardChange>(socket, {
        ask: (timeout, answer) =>
          socket.timeout(timeout).emit('leaderboard:watch', (error, reply) => {
            if (!error && reply.ok) setClockOffset(reply.serverTime - Date.now());
            answer(error || !reply.ok ? null : reply.boards);
          }),
        take: (fresh, buffered) => {
          const { state: next, stale } = replay(fresh, buffered, applyBoardsChange);
          const known = boardsRef.current ? ids(boardsRef.current) : new Set(ids(next));
          commit(
            next,
            [...ids(next)].filter((id) => !known.has(id)),
          );
          return stale;
        },
        onConnection: setConnection,
      });
      resync.current = watching.resyncSoon;

      socket.on('leaderboard:change', (change) => {
        if (watching.buffer(change) || !boardsRef.current) return;
        const next = applyBoardsChange(boardsRef.current, change);
        if (next === 'resync') watching.resyncSoon();
        else if (next !== boardsRef.current) commit(next, change.type === 'entry-added' ? [change.entry.id] : []);
      });
      return watching.stop;
    });
  }, []);

  // A new day starts an empty "today" board: when the shown day ends, take the boards again.
  useEffect(() => {
    if (!boards) return;
    const wait = msUntilRollover(boards, Date.now() + clockOffset);
    if (wait === null) return;
    // setTimeout holds at most 2^31 - 1 ms; a day is far less.
    const timer = setTimeout(() => resync.current(), wait + (0.25 + Math.random()) * ROLLOVER_JITTER_MS);
    return () => clearTimeout(timer);
  }, [boards, clockOffset]);

  return { boards, arrived, connection };
}
