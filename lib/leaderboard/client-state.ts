import { competitionRanks } from './ranks';
import { PERIODS } from './periods';
import type { Board, Boards, LeaderboardChange } from './types';

const renumbered = (board: Board, entries: Board['entries']): Board['entries'] =>
  competitionRanks(entries.slice(0, board.size));

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
    const entries = board.entries.filter((entry) =>
      change.type === 'entry-removed' ? entry.id !== change.id : entry.player !== change.player,
    );
    // A board with a free place admits any score, and lists no tie past its end.
    const full = entries.length >= board.size;
    return {
      ...board,
      version: change.version,
      threshold: full ? board.threshold : 0,
      lastPlacePlayers: full ? board.lastPlacePlayers : 0,
      entries: renumbered(board, entries),
    };
  }
  const placement = change.boards[board.span.period];
  if (placement.id !== board.span.id) return 'resync';
  const cutoff = { threshold: placement.threshold, lastPlacePlayers: placement.lastPlacePlayers };
  // Unlisted (a tie at the last place, or no rank): no row moves, the tie's count may.
  if (!placement.listed) return { ...board, version: change.version, ...cutoff };
  // The player's previous row on this board made way for this one (one row per player), and so
  // did the row of the same network it replaced, if any (rows per network).
  const entries = board.entries.filter(
    (entry) => entry.id !== change.entry.id && entry.player !== change.entry.player && entry.id !== placement.replaced,
  );
  // Below every row of at least its score: of equal scores, the one reached first is listed first.
  const at = entries.filter((entry) => entry.score >= change.entry.score).length;
  entries.splice(at, 0, { ...change.entry, rank: placement.rank });
  const next = renumbered(board, entries);
  if (next[at]?.rank !== placement.rank) return 'resync';
  return { ...board, version: change.version, ...cutoff, entries: next };
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
