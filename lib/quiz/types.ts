import type { z } from 'zod';
import type {
  answerBreakdownSchema,
  answeredQuestionSchema,
  answerResultSchema,
  publicQuestionSchema,
  resumedSessionSchema,
  startedSessionSchema,
  submitResultSchema,
  submittedStandingSchema,
} from './schemas';

/** A question as stored on the server: `answer` (an index into `choices`) never leaves it unasked. */
export type Question = {
  id: string;
  text: string;
  choices: string[];
  answer: number;
  /** One line, shown once the player has answered. */
  explanation: string;
};

/** What a player sees before answering. */
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export type StartedSession = z.infer<typeof startedSessionSchema>;

export type AnswerBreakdown = z.infer<typeof answerBreakdownSchema>;

export type AnswerResult = z.infer<typeof answerResultSchema>;

/** A question answered: what answering it replied, and the choice made. */
export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

/** A session picked up again (a reload): its questions, and the answers given so far, in question order (null: open). */
export type ResumedSession = z.infer<typeof resumedSessionSchema>;

export type SubmitResult = z.infer<typeof submitResultSchema>;

export type SubmittedStanding = z.infer<typeof submittedStandingSchema>;
