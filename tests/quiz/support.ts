import { randomBytes } from 'node:crypto';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import { answerQuestion, rightChoiceShown, type AnswerResult, type PublicQuestion, type StartedSession } from '../../lib/quiz';

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
