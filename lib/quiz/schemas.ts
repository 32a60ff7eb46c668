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
