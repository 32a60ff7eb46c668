import { z } from 'zod';
import { BOARD_SIZE, ENTRY_ID_PATTERN, PLAYER_ID_PATTERN } from './keys';
import { PERIODS } from './periods';

export const entryIdSchema = z.string().regex(ENTRY_ID_PATTERN, 'not a leaderboard entry id');

export const playerIdSchema = z.string().regex(PLAYER_ID_PATTERN, 'not a player id');

export const periodSchema = z.enum(PERIODS).describe('day (UTC), week (ISO, UTC) or all time');

/** One entry, stored as a JSON string; `date` is when it was submitted (ms since the epoch). */
export const boardEntrySchema = z.object({
  id: z.string(),
  player: z.string().describe("the player's public id (not their cookie): one row per player per board"),
  name: z.string(),
  score: z.number().int(),
  date: z.number().int(),
});

export const rankedEntrySchema = boardEntrySchema.extend({
  rank: z
    .number()
    .int()
    .min(1)
    .describe('shared by equal scores (standard competition ranking, “1224”): 1 + the rows with more points'),
});

/** lib/leaderboard/periods.ts makes these. */
export const periodSpanSchema = z.object({
  period: periodSchema,
  id: z.string().describe('2026-11-23, 2026-W48 or all'),
  startsAt: z.number().int(),
  endsAt: z.number().int().nullable().describe('when the next period begins; null for all time'),
  expiresAt: z.number().int().nullable().describe('when Redis drops the board; null for all time'),
});

export const boardSchema = z.object({
  version: z
    .number()
    .int()
    .describe('changes to the boards so far (one counter for the three): a pushed change carries the next one'),
  threshold: z
    .number()
    .int()
    .describe(
      "the fewest points that rank on the board now: its last place's, which an equal score shares; 0 while it has room",
    ),
  lastPlacePlayers: z
    .number()
    .int()
    .min(0)
    .describe(
      "players whose best on this board equals its last place's score, while it is full (0 while it has room): more than the rows listed at that score when the tie runs past the board's end",
    ),
  size: z.number().int(),
  span: periodSpanSchema.describe("which period's board this is: a page takes the boards again when it ends"),
  entries: z.array(rankedEntrySchema),
});

export const boardsSchema = z.object({ day: boardSchema, week: boardSchema, all: boardSchema });

/** Where a change left an entry on one board: that board's period id, its rank (0: unranked), whether it holds a row, the board's threshold and last-place tie, and the row it replaced, if any. */
export const placementSchema = z.object({
  id: z.string(),
  rank: z.number().int().min(0).describe('shared by equal scores; 0: unranked'),
  listed: z
    .boolean()
    .describe('whether the entry holds a row (a tie at the last place of a full board ranks without one)'),
  threshold: z.number().int(),
  lastPlacePlayers: z.number().int().min(0),
  replaced: z
    .string()
    .optional()
    .describe(
      'the id of the entry of the same network whose row this one took on this board (LEADERBOARD_ROWS_PER_NETWORK): it leaves the board',
    ),
});

/** What the scripts publish: an entry entered at least one board (add-to-boards.lua), an admin removed one (remove-board-entry.lua) or hid a player (hide-player.lua). */
export const leaderboardChangeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('entry-added'),
    version: z.number().int(),
    entry: boardEntrySchema,
    boards: z.object({ day: placementSchema, week: placementSchema, all: placementSchema }),
  }),
  z.object({ type: z.literal('entry-removed'), version: z.number().int(), id: z.string() }),
  z.object({
    type: z.literal('player-hidden'),
    version: z.number().int(),
    player: z.string().describe('every row of this player leaves every board (hide-player.lua)'),
  }),
]);

/** Where a player stands on one board (read-player.lua): exact on the board, from the score histogram below it. */
export const boardStandingSchema = z.object({
  best: z
    .number()
    .int()
    .nullable()
    .describe("the player's best on this board; null when they have not played in its period"),
  rank: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe(
      'exact and shared by equal scores, while the board (a top 100) holds their row or their best ties its last place; else null',
    ),
  approximateRank: z
    .object({ from: z.number().int().min(1), to: z.number().int().min(1) })
    .nullable()
    .describe(
      "from the board's score histogram (100-point buckets): the rank lies between `from` and `to`, the players whose best shares the bucket; null without a best",
    ),
  players: z.number().int().describe('players with a best on this board (each counted once)'),
  betterThan: z
    .number()
    .int()
    .min(0)
    .max(100)
    .nullable()
    .describe(
      "percent of the board's players whose best lies in a lower bucket: “better than 87 % of today's players”; null without a best",
    ),
});

export const playerStandingSchema = z.object({
  player: z.string(),
  hidden: z.boolean().describe('hidden by an admin: off every board, their submits kept off'),
  boards: z.object({ day: boardStandingSchema, week: boardStandingSchema, all: boardStandingSchema }),
});

export const hiddenPlayerSchema = z.object({
  player: z.string(),
  removed: z
    .number()
    .int()
    .describe('rows taken off the boards (0: the player held none; their later submits stay off all the same)'),
});

export const removedEntrySchema = z.object({ id: z.string().describe('the entry removed from every board it was on') });

export const leaderboardQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BOARD_SIZE).default(BOARD_SIZE).describe('how many of the best, 1 to 100'),
  period: periodSchema.default('all'),
});
