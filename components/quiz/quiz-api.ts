import type { InputReason } from '@/lib/input-reason';
import type { AnswerResult, ResumedSession, StartedSession, SubmitResult, SubmittedStanding } from '@/lib/quiz/types';

/** An answer of the API other than 2xx (its parsed `body`); `status` 0 when the server could not be reached. */
export class QuizApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { cache: 'no-store', ...init });
  } catch {
    throw new QuizApiError(0, 'Could not reach the server; try again in a moment.');
  }
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new QuizApiError(response.status, body?.error?.message ?? `Something went wrong (${response.status}).`, body);
}

/** The session is gone (expired) or, as the server says of both alike, not this player's: start again. */
export const sessionGone = (failure: unknown) =>
  failure instanceof QuizApiError &&
  (failure.status === 404 ||
    (failure.body as { error?: { code?: string } } | null)?.error?.code === 'not_your_session');

const post = <T>(path: string, body?: object) =>
  call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });

export const quizApi = {
  start: () => post<StartedSession>('/api/quiz/sessions'),
  resume: (sessionId: string): Promise<ResumedSession | SubmittedSession> =>
    call<ResumedSession>(`/api/quiz/sessions/${sessionId}`).catch(submittedAlready),
  answer: (sessionId: string, questionId: string, choice: number) =>
    post<AnswerResult>(`/api/quiz/sessions/${sessionId}/answers`, { questionId, choice }),
  submit: (sessionId: string, name: string) =>
    post<SubmitResult>(`/api/quiz/sessions/${sessionId}/submit`, { name }).catch(keptAlready),
};

/**
 * A 409 to a submit carries the standing of the score submitted already: what this page's retry
 * meets when its first submit was kept but answered 503. That is the result the player came for.
 */
function keptAlready(failure: unknown): SubmitResult {
  const result = failure instanceof QuizApiError && failure.status === 409 ? resultOf(failure.body) : null;
  if (!result) throw failure;
  return result;
}

/** A page reloaded after its submit: the GET's 409 carries the session as played and its standing. */
export type SubmittedSession = ResumedSession & { result: SubmitResult };

function submittedAlready(failure: unknown): SubmittedSession {
  const body =
    failure instanceof QuizApiError && failure.status === 409
      ? (failure.body as { session?: ResumedSession; standing?: unknown })
      : null;
  const result = resultOf(body?.standing);
  if (!body?.session || !result) throw failure;
  return { ...body.session, result };
}

function resultOf(standing: unknown): SubmitResult | null {
  const {
    score,
    rank = null,
    threshold = 0,
    ranks,
    sharedBy,
    listed,
    player = '',
  } = (standing ?? {}) as Partial<SubmittedStanding>;
  if (typeof score !== 'number' || !ranks || !sharedBy || !listed) return null;
  // This request improved nothing: the submit kept before it did whatever it did.
  return { score, rank, threshold, ranks, sharedBy, listed, player, improved: { day: false, week: false, all: false } };
}

/** A name the server refused, with why (the finish screen words it beside its field); else null. */
export function refusedName(failure: unknown): Partial<InputReason> | null {
  if (!(failure instanceof QuizApiError) || failure.status !== 400) return null;
  const error = (failure.body as { error?: { field?: string } & Partial<InputReason> } | null)?.error;
  return error?.field === 'name' ? { reason: error.reason, limit: error.limit } : null;
}

/** What a visitor reads of a failure: never the server's raw message. */
export function failureText(
  failure: unknown,
  t: (key: 'unreachable' | 'unavailable' | 'tooMany' | 'failed', values?: { status: number }) => string,
): string {
  if (!(failure instanceof QuizApiError)) return t('failed', { status: 0 });
  if (failure.status === 0) return t('unreachable');
  if (failure.status === 503) return t('unavailable');
  if (failure.status === 429) return t('tooMany');
  return t('failed', { status: failure.status });
}
