/**
 * How an answer scores, measured on the server: a right answer is worth POINTS_PER_ANSWER plus
 * a speed bonus of up to MAX_SPEED_BONUS, one point less per MS_PER_BONUS_POINT it took (the
 * time since the session started, for the first answer, or since the previous answer, on the
 * app's clock: the client sends no time). A wrong answer scores nothing. answer-question.lua
 * applies these numbers (passed as ARGV); speedBonus is the same rule for tests and the page.
 */
export const POINTS_PER_ANSWER = 500;
export const MAX_SPEED_BONUS = 500;
export const MS_PER_BONUS_POINT = 40;

/** The bonus for a right answer given `elapsedMs` after the previous one (0 from 20 s on). */
export function speedBonus(elapsedMs: number): number {
  return Math.max(0, MAX_SPEED_BONUS - Math.floor(Math.max(0, elapsedMs) / MS_PER_BONUS_POINT));
}

/** The best a session can score: every answer right, each at once. */
export const maxScore = (questions: number) => questions * (POINTS_PER_ANSWER + MAX_SPEED_BONUS);
