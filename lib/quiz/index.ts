export { startSession, answerQuestion, resumeSession, submitSession, SESSION_TTL_MS } from './sessions';
export { QUESTION_BANK, QUESTIONS_PER_SESSION, questionById } from './bank';
export type { AnswerResult, AnsweredQuestion, PublicQuestion, Question, ResumedSession, StartedSession, SubmitResult } from './types';
