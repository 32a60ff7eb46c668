import type { Period, PeriodSpan } from './periods';

/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export type BoardEntry = { id: string; name: string; score: number; date: number };

export type RankedEntry = BoardEntry & { rank: number };

export type Board = {
  /** Changes to the boards so far (one counter for all three): a pushed change carries the next one. */
  version: number;
  /** The fewest points that would enter the board now; 0 while it has free places. */
  threshold: number;
  size: number;
  /** Which period's board this is: a page takes the whole board again when the period ends. */
  span: PeriodSpan;
  entries: RankedEntry[];
};

export type Boards = Record<Period, Board>;

export type AddedEntry = {
  /** On the all time board: 1-based, null when the score was not enough to enter it. */
  rank: number | null;
  /** The fewest points that enter the all time board after this add. */
  threshold: number;
  /** The entry's rank on each board (null: not on it). */
  ranks: Record<Period, number | null>;
};

/** Where a change left an entry on one board: that board's period id, its rank (0: not on it), the board's threshold. */
export type Placement = { id: string; rank: number; threshold: number };

/** What the scripts publish: an entry entered at least one board, or an admin removed one. */
export type LeaderboardChange =
  | { type: 'entry-added'; version: number; entry: BoardEntry; boards: Record<Period, Placement> }
  | { type: 'entry-removed'; version: number; id: string };
