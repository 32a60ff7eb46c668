import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { AnswerResult, PublicQuestion, StartedSession, SubmitResult } from '../../lib/quiz/types';

/** A name no other test (nor a parallel worker) uses: the board is shared and never reset. */
export const uniqueName = (prefix = 'P') => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Starts a session for the player of `request`'s cookie jar (ending that player's open one). */
export async function startQuiz(request: APIRequestContext): Promise<StartedSession> {
  const response = await request.post('/api/quiz/sessions');
  if (response.status() !== 201) throw new Error(`start: ${response.status()}`);
  return (await response.json()) as StartedSession;
}

/** Answers `question` of `sessionId` with `choice`; the reply carries the next question. */
export async function answerQuiz(
  request: APIRequestContext,
  sessionId: string,
  question: PublicQuestion,
  choice: number,
): Promise<AnswerResult> {
  const response = await request.post(`/api/quiz/sessions/${sessionId}/answers`, {
    data: { questionId: question.id, choice },
  });
  if (response.status() !== 200) throw new Error(`answer: ${response.status()} ${await response.text()}`);
  return (await response.json()) as AnswerResult;
}

/** Plays a whole session through the API, each question as the server reveals it, picking `pick` (the first choice shown), and submits it. */
export async function playQuiz(
  request: APIRequestContext,
  name: string,
  pick: (question: PublicQuestion) => number = () => 0,
): Promise<SubmitResult & { id: string; answers: AnswerResult[] }> {
  const session = await startQuiz(request);
  const answers: AnswerResult[] = [];
  for (let question: PublicQuestion | null = session.question; question; question = answers.at(-1)!.next) {
    answers.push(await answerQuiz(request, session.id, question, pick(question)));
  }
  const response = await request.post(`/api/quiz/sessions/${session.id}/submit`, { data: { name } });
  if (response.status() !== 200) throw new Error(`submit: ${response.status()}`);
  return { id: session.id, answers, ...((await response.json()) as SubmitResult) };
}
