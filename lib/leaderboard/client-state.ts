import type { Board, LeaderboardChange } from './types';

/**
 * Applies a pushed change to the board a page holds. Changes carry the board's version, one
 * more than the last; the page applies them in order, ignores what it holds already and asks
 * for the whole board ('resync') when it sees a gap. Pure: no React, no socket.
 */
export function applyBoardChange(board: Board, change: LeaderboardChange): Board | 'resync' {
  if (change.version <= board.version) return board;
  if (change.version > board.version + 1 || change.entry.rank > board.entries.length + 1) return 'resync';
  const entries = board.entries.filter((entry) => entry.id !== change.entry.id);
  entries.splice(change.entry.rank - 1, 0, change.entry);
  return {
    ...board,
    version: change.version,
    threshold: change.threshold,
    entries: entries.slice(0, board.size).map((entry, i) => ({ ...entry, rank: i + 1 })),
  };
}

/** The ids that slid in live and are still on the board: a page open for days keeps at most the board's size. */
export function arrivedOnBoard(arrived: ReadonlySet<string>, board: Board, entered: string[]): ReadonlySet<string> {
  const onBoard = new Set(board.entries.map((entry) => entry.id));
  return new Set([...arrived, ...entered].filter((id) => onBoard.has(id)));
}
