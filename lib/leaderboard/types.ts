/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export type BoardEntry = { id: string; name: string; score: number; date: number };

export type RankedEntry = BoardEntry & { rank: number };

export type Board = {
  /** Changes to the board so far: a pushed change carries the next one. */
  version: number;
  /** The fewest points that would enter the board now; 0 while it has free places. */
  threshold: number;
  size: number;
  entries: RankedEntry[];
};

export type AddedEntry = {
  /** 1-based; null when the score was not enough to enter the board. */
  rank: number | null;
  /** The fewest points that enter the board after this add. */
  threshold: number;
};

/** What add-to-board.lua publishes when an entry enters the board (and only then). */
export type LeaderboardChange = { type: 'entry-added'; version: number; entry: RankedEntry; threshold: number };
