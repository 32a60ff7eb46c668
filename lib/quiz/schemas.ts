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
  questions: z.array(publicQuestionSchema),
  expiresAt: z.number().int().describe('ms since the epoch'),
});

export const answerResultSchema = z.object({
  correct: z.boolean(),
  answer: z.number().int().describe('index of the right choice'),
  explanation: z.string(),
  score: z.number().int().describe("the session's score so far"),
});

export const answeredQuestionSchema = answerResultSchema.extend({ choice: z.number().int() });

export const resumedSessionSchema = startedSessionSchema.extend({
  answers: z.array(answeredQuestionSchema.nullable()).describe('in question order; null while a question is open'),
  score: z.number().int(),
});

export const submitResultSchema = z.object({
  score: z.number().int(),
  rank: z.number().int().min(1).nullable().describe('1-based; null when the score did not enter the board'),
  threshold: z.number().int().describe('the fewest points that enter the board now (0 while it has room)'),
});
