import type { Period } from '../leaderboard/periods';

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
export type PublicQuestion = Pick<Question, 'id' | 'text' | 'choices'>;

export type StartedSession = { id: string; questions: PublicQuestion[]; expiresAt: number };

/** How one answer scored: `points` for being right, `speed` the bonus, `elapsedMs` as the server measured it. */
export type AnswerBreakdown = { points: number; speed: number; elapsedMs: number };

export type AnswerResult = {
  correct: boolean;
  /** Index of the right choice. */
  answer: number;
  explanation: string;
  /** The session's score so far. */
  score: number;
  breakdown: AnswerBreakdown;
};

/** A question answered: what answering it replied, and the choice made. */
export type AnsweredQuestion = AnswerResult & { choice: number };

/** A session picked up again (a reload): its questions, and the answers given so far, in question order (null: open). */
export type ResumedSession = StartedSession & { answers: (AnsweredQuestion | null)[]; score: number };

export type SubmitResult = {
  score: number;
  /** On the all time board: 1-based; null when the score was not enough to enter it. */
  rank: number | null;
  /** The fewest points that enter the all time board now (0 while it has free places). */
  threshold: number;
  /** The entry's rank on today's, this week's and the all time board (null: not on it). */
  ranks: Record<Period, number | null>;
};
