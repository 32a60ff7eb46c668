import { processEnv, setting, type Env } from '../config';

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

/** QUIZ_ANSWER_FLOOR_MS (default 1250: reading a question plus a typical round trip): no answer is timed faster than this. */
export function answerFloorMs(env: Env = processEnv()): number {
  return setting('QUIZ_ANSWER_FLOOR_MS', env);
}
