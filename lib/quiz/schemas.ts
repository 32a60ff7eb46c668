import { z } from 'zod';
import { displayText } from '../live-events/schemas';

/** lib/ids.ts makes 12 URL-safe characters. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{12}$/, 'not a quiz session id');

// Strict: a body carrying a field of its own making (a `score`, a `correct`) is refused, not ignored.
export const answerInputSchema = z.strictObject({
  questionId: z.string().min(1).max(64),
  choice: z.number().int('must be the index of a choice').min(0).max(9),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const submitInputSchema = z.strictObject({ name: displayText(20) });
export type SubmitInput = z.infer<typeof submitInputSchema>;

// What the quiz answers; the types in types.ts are inferred from these.

export const publicQuestionSchema = z.object({ id: z.string(), text: z.string(), choices: z.array(z.string()) });

export const startedSessionSchema = z.object({
  id: z.string(),
  total: z.number().int().describe('questions in the session'),
  question: publicQuestionSchema.describe(
    "the first question, its choices in this session's order; each answer reveals the next",
  ),
  expiresAt: z.number().int().describe('ms since the epoch'),
});

/** How one answer scored (lib/quiz/scoring.ts), timed by the server. */
export const answerBreakdownSchema = z.object({
  points: z.number().int().describe('for a right answer (0 when wrong)'),
  speed: z
    .number()
    .int()
    .describe(
      'the speed bonus: up to 500, one less per 40 ms from the reveal, an answer under the floor (QUIZ_ANSWER_FLOOR_MS, 1.25 s) timed as one at the floor (0 when wrong)',
    ),
  elapsedMs: z
    .number()
    .int()
    .describe("time since the question's reveal (the start, or the previous answer), measured by the server"),
});

const answerScoredSchema = z.object({
  correct: z.boolean(),
  answer: z.number().int().describe('index of the right choice, as shown'),
  explanation: z.string(),
  score: z.number().int().describe("the session's score so far"),
  breakdown: answerBreakdownSchema,
});

export const answerResultSchema = answerScoredSchema.extend({
  next: publicQuestionSchema
    .nullable()
    .describe('the question revealed now (its speed is timed from this answer); null after the last'),
});

export const answeredQuestionSchema = answerScoredSchema.extend({
  choice: z.number().int().describe('the index chosen, as shown'),
});

export const resumedSessionSchema = startedSessionSchema.omit({ question: true }).extend({
  questions: z
    .array(publicQuestionSchema)
    .describe('the questions revealed so far, in order: those answered, then the one open now (none after the last)'),
  answers: z.array(answeredQuestionSchema).describe('the answers given, in question order'),
  score: z.number().int(),
});

const rankSchema = z.number().int().min(1).nullable();

const perBoard = <T extends z.ZodType>(value: T) => z.object({ day: value, week: value, all: value });

const placedSchema = z.object({
  score: z.number().int(),
  rank: rankSchema.describe(
    'on the all time board, 1-based and shared by equal scores (“1224”); null when the score does not rank there',
  ),
  threshold: z
    .number()
    .int()
    .describe(
      "the fewest points that rank on the all time board now: its last place's, which an equal score shares (0 while it has room)",
    ),
  ranks: perBoard(rankSchema).describe(
    "the entry's rank on today's, this week's and the all time board (null: unranked)",
  ),
  sharedBy: perBoard(z.number().int().min(0)).describe(
    'per board, the players whose best there is this score, this one included: “tied for 1st with 143 players” (0: unranked)',
  ),
  listed: perBoard(z.boolean()).describe(
    'per board, whether the entry holds one of its rows: a tie at the last place of a full board ranks without one (the earlier rows keep theirs)',
  ),
});

const playerSchema = z
  .string()
  .describe("the submitter's public player id (from their visitor cookie): one row per player per board");

export const submitResultSchema = placedSchema.extend({
  player: playerSchema,
  improved: z
    .object({ day: z.boolean(), week: z.boolean(), all: z.boolean() })
    .describe(
      "per board, whether the score beat the player's best there (a lower or equal score changes nothing on that board); true with a null rank when the rows of the submitter's network held that board (LEADERBOARD_ROWS_PER_NETWORK) and this score beat none of them",
    ),
});

/** A session submitted already, as it stands now: what a retry learns when its first submit's answer was lost. */
export const submittedStandingSchema = placedSchema.extend({
  name: z.string().describe('the name it was submitted under'),
  player: playerSchema,
});

/** Beside the 409 of a submitted session's GET: the session as played, and where its score stands now. */
export const submittedSessionSchema = z.object({
  session: resumedSessionSchema,
  standing: submittedStandingSchema,
});
