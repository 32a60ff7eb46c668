import { PERIODS } from './periods';
import type { Board, Boards, LeaderboardChange } from './types';

const renumbered = (board: Board, entries: Board['entries']): Board['entries'] =>
  entries.slice(0, board.size).map((entry, i) => ({ ...entry, rank: i + 1 }));

/**
 * Applies a pushed change to one board a page holds. Changes carry the version the three boards
 * share, one more than the last; the page applies them in order, ignores what it holds already
 * and asks for the whole board ('resync') when it sees a gap, or a change made in a period after
 * the one it shows (a new day or week began: the new board starts empty). Pure: no React, no socket.
 */
export function applyBoardChange(board: Board, change: LeaderboardChange): Board | 'resync' {
  if (change.version <= board.version) return board;
  if (change.version > board.version + 1) return 'resync';
  if (change.type !== 'entry-added') {
    const entries = board.entries.filter((entry) => (change.type === 'entry-removed' ? entry.id !== change.id : entry.player !== change.player));
    // A board with a free place admits any score.
    const threshold = entries.length < board.size ? 0 : board.threshold;
    return { ...board, version: change.version, threshold, entries: renumbered(board, entries) };
  }
  const placement = change.boards[board.span.period];
  if (placement.id !== board.span.id) return 'resync';
  if (placement.rank === 0) return { ...board, version: change.version, threshold: placement.threshold };
  // The player's previous row on this board made way for this one (one row per player), and so
  // did the row of the same network it replaced, if any (rows per network).
  const entries = board.entries.filter(
    (entry) => entry.id !== change.entry.id && entry.player !== change.entry.player && entry.id !== placement.replaced,
  );
  if (placement.rank > entries.length + 1) return 'resync';
  entries.splice(placement.rank - 1, 0, { ...change.entry, rank: placement.rank });
  return { ...board, version: change.version, threshold: placement.threshold, entries: renumbered(board, entries) };
}

/** Applies a change to the three boards a page holds (they share one version): each, or 'resync' when one needs it. */
export function applyBoardsChange(boards: Boards, change: LeaderboardChange): Boards | 'resync' {
  const next = {} as Boards;
  for (const period of PERIODS) {
    const board = applyBoardChange(boards[period], change);
    if (board === 'resync') return 'resync';
    next[period] = board;
  }
  return PERIODS.every((period) => next[period] === boards[period]) ? boards : next;
}

/** How long until the first of the boards' periods ends (on the server's clock), when the page takes them again. */
export function msUntilRollover(boards: Boards, serverNow: number): number | null {
  const ends = PERIODS.map((period) => boards[period].span.endsAt).filter((end): end is number => end !== null);
  return ends.length === 0 ? null : Math.max(0, Math.min(...ends) - serverNow);
}

/** The ids that slid in live and are still on a board: a page open for days keeps at most the boards' sizes. */
export function arrivedOnBoards(arrived: ReadonlySet<string>, boards: Boards, entered: string[]): ReadonlySet<string> {
  const onBoards = new Set(PERIODS.flatMap((period) => boards[period].entries.map((entry) => entry.id)));
  return new Set([...arrived, ...entered].filter((id) => onBoards.has(id)));
}
