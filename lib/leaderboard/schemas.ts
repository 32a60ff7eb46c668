import { z } from 'zod';
import { BOARD_SIZE } from './keys';

/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export const boardEntrySchema = z.object({ id: z.string(), name: z.string(), score: z.number().int(), date: z.number().int() });

export const rankedEntrySchema = boardEntrySchema.extend({ rank: z.number().int().min(1) });

export const boardSchema = z.object({
  version: z.number().int().describe('changes to the board so far: a pushed change carries the next one'),
  threshold: z.number().int().describe('the fewest points that would enter the board now; 0 while it has room'),
  size: z.number().int(),
  entries: z.array(rankedEntrySchema),
});

/** What add-to-board.lua publishes when an entry enters the board (and only then). */
export const leaderboardChangeSchema = z.object({
  type: z.literal('entry-added'),
  version: z.number().int(),
  entry: rankedEntrySchema,
  threshold: z.number().int(),
});

export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BOARD_SIZE).default(BOARD_SIZE).describe('how many of the best, 1 to 100'),
});
