import type { z } from 'zod';
import type { boardEntrySchema, boardSchema, leaderboardChangeSchema, rankedEntrySchema } from './schemas';

/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export type BoardEntry = z.infer<typeof boardEntrySchema>;

export type RankedEntry = z.infer<typeof rankedEntrySchema>;

export type Board = z.infer<typeof boardSchema>;

export type AddedEntry = {
  /** 1-based; null when the score was not enough to enter the board. */
  rank: number | null;
  /** The fewest points that enter the board after this add. */
  threshold: number;
};

/** What add-to-board.lua publishes when an entry enters the board (and only then). */
export type LeaderboardChange = z.infer<typeof leaderboardChangeSchema>;
