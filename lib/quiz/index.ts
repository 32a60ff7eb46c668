export { startSession, answerQuestion, resumeSession, submitSession, SESSION_TTL_MS } from './sessions';
export { QUESTION_BANK, QUESTIONS_PER_SESSION, questionById } from './bank';
export { MAX_SPEED_BONUS, MS_PER_BONUS_POINT, POINTS_PER_ANSWER, maxScore, speedBonus } from './scoring';
export type { AnswerBreakdown, AnswerResult, AnsweredQuestion, PublicQuestion, Question, ResumedSession, StartedSession, SubmitResult } from './types';
