export { startSession, answerQuestion, submitSession, SESSION_TTL_MS } from './sessions';
export { QUESTION_BANK, QUESTIONS_PER_SESSION, questionById } from './bank';
export type { AnswerResult, PublicQuestion, Question, StartedSession, SubmitResult } from './types';
