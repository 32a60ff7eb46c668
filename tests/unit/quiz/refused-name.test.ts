import { describe, expect, it } from 'vitest';
import { QuizApiError, refusedName } from '../../../components/quiz/quiz-api';
import { parseInput } from '../../../lib/http/body';
import { errorBody, type HttpError } from '../../../lib/http/errors';
import { submitInputSchema } from '../../../lib/quiz/schemas';

/** The submit route's answer for `input`, as the quiz's client receives it. */
function failureOf(input: unknown): QuizApiError {
  try {
    parseInput(submitInputSchema, input);
  } catch (error) {
    const body = errorBody(error as HttpError);
    return new QuizApiError((error as HttpError).status, body.error.message, body);
  }
  throw new Error('accepted');
}

describe('a name the submit route refused, as the finish screen reads it', () => {
  it('is its reason and limit, never the English message', () => {
    expect(refusedName(failureOf({ name: ' ' }))).toEqual({ reason: 'required', limit: undefined });
    expect(refusedName(failureOf({ name: 'x'.repeat(21) }))).toEqual({ reason: 'too_long', limit: 20 });
    expect(refusedName(failureOf({ name: 'a\u202eb' }))).toEqual({ reason: 'characters', limit: undefined });
    expect(refusedName(new QuizApiError(503, 'unavailable'))).toBeNull();
  });
});
