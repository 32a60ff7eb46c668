export {
  startSession,
  answerQuestion,
  resumeSession,
  submitSession,
  NotYourSessionError,
  SESSION_TTL_MS,
  type SubmitNetwork,
} from './sessions';
export { QUESTION_BANK, QUESTIONS_PER_SESSION, questionById, rightChoiceShown } from './bank';
export {
  answerFloorMs,
  DEFAULT_ANSWER_FLOOR_MS,
  MAX_SPEED_BONUS,
  MS_PER_BONUS_POINT,
  POINTS_PER_ANSWER,
} from './scoring';
export type {
  AnswerBreakdown,
  AnswerResult,
  AnsweredQuestion,
  PublicQuestion,
  Question,
  ResumedSession,
  StartedSession,
  SubmitResult,
} from './types';
