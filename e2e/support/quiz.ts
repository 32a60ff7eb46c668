import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { StartedSession, SubmitResult } from '../../lib/quiz/types';

/** A name no other test (nor a parallel worker) uses: the board is shared and never reset. */
export const uniqueName = (prefix = 'P') => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function startQuiz(request: APIRequestContext): Promise<StartedSession> {
  // A page load gives the request context its visitor cookie: the player its submit needs.
  await request.get('/', { headers: { accept: 'text/html' } });
  const response = await request.post('/api/quiz/sessions');
  if (response.status() !== 201) throw new Error(`start: ${response.status()}`);
  return (await response.json()) as StartedSession;
}

/** Plays a whole session through the API, always picking the first choice, and submits it. */
export async function playQuiz(request: APIRequestContext, name: string): Promise<SubmitResult & { id: string }> {
  const session = await startQuiz(request);
  for (const question of session.questions) {
    await request.post(`/api/quiz/sessions/${session.id}/answers`, { data: { questionId: question.id, choice: 0 } });
  }
  const response = await request.post(`/api/quiz/sessions/${session.id}/submit`, { data: { name } });
  if (response.status() !== 200) throw new Error(`submit: ${response.status()}`);
  return { id: session.id, ...((await response.json()) as SubmitResult) };
}
