import type { z } from 'zod';
import type { Period } from './periods';
import type {
  boardEntrySchema,
  boardSchema,
  boardsSchema,
  boardStandingSchema,
  leaderboardChangeSchema,
  placementSchema,
  playerStandingSchema,
  rankedEntrySchema,
} from './schemas';

/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export type BoardEntry = z.infer<typeof boardEntrySchema>;

export type RankedEntry = z.infer<typeof rankedEntrySchema>;

export type Board = z.infer<typeof boardSchema>;

export type Boards = z.infer<typeof boardsSchema>;

export type Placed = {
  /** On the all time board: 1-based, shared by equal scores, null when the score does not rank there. */
  rank: number | null;
  /** The fewest points that rank on the all time board now (its last place's; 0 while it has room). */
  threshold: number;
  /** The entry's rank on each board (null: unranked). */
  ranks: Record<Period, number | null>;
  /** Per board, the players whose best there is this score, this one included (0: unranked). */
  sharedBy: Record<Period, number>;
  /** Per board, whether the entry holds a row (a tie at the last place of a full board ranks without one). */
  listed: Record<Period, boolean>;
};

export type AddedEntry = Placed & {
  /** Per board: whether the score beat the player's best there (a lower or equal one changes nothing). */
  improved: Record<Period, boolean>;
};

/** Where a player stands on one board, and on the three. */
export type BoardStanding = z.infer<typeof boardStandingSchema>;
export type PlayerStanding = z.infer<typeof playerStandingSchema>;

export type Placement = z.infer<typeof placementSchema>;

export type LeaderboardChange = z.infer<typeof leaderboardChangeSchema>;
