import { z } from 'zod';

/**
 * How an answer scores, measured on the server: a right answer is worth POINTS_PER_ANSWER plus
 * a speed bonus of up to MAX_SPEED_BONUS, one point less per MS_PER_BONUS_POINT it took from
 * the question's reveal (the start, for the first question; the previous answer, for the
 * others), on the app's clock: the client sends no time. Faster than the floor (the time a person
 * needs to read a question plus a typical round trip, QUIZ_ANSWER_FLOOR_MS) counts as the floor, so an instant answer earns
 * no more than one at the floor. A wrong answer scores nothing. The rule is written once, in
 * answer-question.lua, which measures the time and applies these numbers (passed as ARGV): a
 * perfect game, every answer at the floor, is 10 × (500 + 500 − ⌊1,250 / 40⌋) = 9,690.
 */
export const POINTS_PER_ANSWER = 500;
export const MAX_SPEED_BONUS = 500;
export const MS_PER_BONUS_POINT = 40;
export const DEFAULT_ANSWER_FLOOR_MS = 1_250;

const floorSchema = z.coerce.number().int().min(0).max(20_000).default(DEFAULT_ANSWER_FLOOR_MS);

/** QUIZ_ANSWER_FLOOR_MS (default 1250: reading a question plus a typical round trip): no answer is timed faster than this. */
export function answerFloorMs(env: NodeJS.ProcessEnv = process.env): number {
  return floorSchema.parse(env.QUIZ_ANSWER_FLOOR_MS || undefined);
}
