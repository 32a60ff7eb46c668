import { randomBytes } from 'node:crypto';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import {
  answerQuestion,
  DEFAULT_ANSWER_FLOOR_MS,
  MAX_SPEED_BONUS,
  MS_PER_BONUS_POINT,
  POINTS_PER_ANSWER,
  rightChoiceShown,
  type AnswerResult,
  type PublicQuestion,
  type StartedSession,
} from '../../lib/quiz';

/** A visitor id of its own: a player no other test shares. */
export const newPlayer = () => randomBytes(16).toString('base64url');

export const rightChoice = rightChoiceShown;
export const wrongChoice = (question: PublicQuestion) => (rightChoiceShown(question) + 1) % question.choices.length;

type Pick = (question: PublicQuestion, index: number) => number;

/**
 * Answers every question of a session as each is revealed, `pick` choosing (the right one by
 * default), `beforeEach` run before each answer (a test clock's advance), and returns the replies.
 */
export async function answerAll(
  session: StartedSession,
  ctx: LeaderboardContext,
  pick: Pick = rightChoice,
  beforeEach: (index: number) => void = () => {},
): Promise<AnswerResult[]> {
  const replies: AnswerResult[] = [];
  for (let question: PublicQuestion | null = session.question, i = 0; question; i++) {
    beforeEach(i);
    const reply = await answerQuestion(session.id, { questionId: question.id, choice: pick(question, i) }, ctx);
    replies.push(reply);
    question = reply.next;
  }
  return replies;
}

/**
 * The tests' statement of the speed bonus (lib/quiz/scoring.ts; the product's one formula is in
 * answer-question.lua): one point less per 40 ms from the reveal, never timed under the floor.
 */
export const speedBonus = (elapsedMs: number, floorMs = DEFAULT_ANSWER_FLOOR_MS) =>
  Math.max(0, MAX_SPEED_BONUS - Math.floor(Math.max(floorMs, elapsedMs) / MS_PER_BONUS_POINT));

/** The best a session can score: every answer right, each at the floor (9,690 for 10 questions). */
export const maxScore = (questions: number, floorMs = DEFAULT_ANSWER_FLOOR_MS) =>
  questions * (POINTS_PER_ANSWER + speedBonus(0, floorMs));
