import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { newId } from '../ids';
import { defaultLeaderboardContext, type LeaderboardContext } from '../leaderboard/context';
import { boardsAt, boardWriteKeys, placed, placedAndImproved } from '../leaderboard/board';
import { drawQuestions, publicQuestion, questionById } from './bank';
import type { AnswerInput } from './schemas';
import { MAX_SPEED_BONUS, MS_PER_BONUS_POINT, POINTS_PER_ANSWER } from './scoring';
import { withQuizScripts } from './commands';
import { writeAcknowledged } from '../redis/acknowledged';
import type { AnsweredQuestion, AnswerResult, Question, ResumedSession, StartedSession, SubmitResult, SubmittedStanding } from './types';

export const SESSION_TTL_MS = 15 * 60_000;

const NOT_IN_SESSION = 'not a question of this session';
/** What start-session.lua stores for a question not answered yet. */
const OPEN = '-';

/**
 * Draws the questions and stores the session (with its expiry) in one script. The answers stay
 * here: each reaches the player only in the reply to answering that question.
 */
export async function startSession(ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<StartedSession> {
  const questions = drawQuestions();
  const startedAt = ctx.now();
  for (;;) {
    const id = newId();
    const created = await withQuizScripts(ctx.redis).startQuizSession(
      ctx.keys.quizSession(id), SESSION_TTL_MS, startedAt, ...questions.map((question) => question.id),
    );
    if (created === 1) return { id, questions: questions.map(publicQuestion), expiresAt: startedAt + SESSION_TTL_MS };
  }
}

/**
 * Scores one answer, once: the bank knows the right choice, the script records it atomically and
 * adds the speed bonus for the time it measures between this answer and the previous one.
 */
export async function answerQuestion(
  sessionId: string,
  { questionId, choice }: AnswerInput,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
): Promise<AnswerResult> {
  const question = questionById(questionId);
  if (!question) throw new InvalidInputError('questionId', NOT_IN_SESSION);
  if (choice >= question.choices.length) throw new InvalidInputError('choice', `must be 0 to ${question.choices.length - 1}`);
  const correct = choice === question.answer;
  const [status, score, points, speed, elapsedMs] = await withQuizScripts(ctx.redis).answerQuizQuestion(
    ctx.keys.quizSession(sessionId), questionId, choice, correct ? 1 : 0, ctx.now(), POINTS_PER_ANSWER, MAX_SPEED_BONUS, MS_PER_BONUS_POINT,
  );
  if (status === -1) throw new NotFoundError('quiz session');
  if (status === -2) throw new InvalidInputError('questionId', NOT_IN_SESSION);
  if (status === -3) throw new ConflictError('this session was submitted already');
  if (status === 0) throw new ConflictError('this question was answered already');
  return { correct, answer: question.answer, explanation: question.explanation, score, breakdown: { points, speed, elapsedMs } };
}

/**
 * A session as its player left it, for a page reloaded mid-game: one HGETALL. Answers already
 * given come back with their explanations, as answering them did; open questions stay secret.
 * A submitted session is a ConflictError whose details are the session and its standing now.
 */
export async function resumeSession(sessionId: string, ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<ResumedSession> {
  const fields = await ctx.redis.hgetall(ctx.keys.quizSession(sessionId));
  if (!fields.order) throw new NotFoundError('quiz session');
  const questions = fields.order.split(',').map(questionById);
  // A question dropped from the bank since this session began: the session cannot go on.
  if (questions.some((question) => !question)) throw new NotFoundError('quiz session');
  let runningScore = 0;
  const answers = (questions as Question[]).map(({ id, answer, explanation }): AnsweredQuestion | null => {
    const stored = fields[`q:${id}`];
    if (stored === undefined || stored === OPEN) return null;
    const choice = Number(stored);
    const [points = 0, speed = 0, elapsedMs = 0] = (fields[`p:${id}`] ?? '').split(':').map(Number);
    runningScore += points + speed;
    return { choice, correct: choice === answer, answer, explanation, score: runningScore, breakdown: { points, speed, elapsedMs } };
  });
  const session: ResumedSession = {
    id: sessionId,
    questions: (questions as Question[]).map(publicQuestion),
    expiresAt: Number(fields.started) + SESSION_TTL_MS,
    score: Number(fields.score),
    answers,
  };
  if (fields.submitted === undefined) return session;
  // Reloaded after its submit (perhaps one that answered 503 but was kept): where the score stands.
  const standing = await readStanding(sessionId, ctx);
  throw new ConflictError('this session was submitted already', standing ? { session, standing } : {});
}

async function readStanding(sessionId: string, ctx: LeaderboardContext): Promise<SubmittedStanding | null> {
  const { keys } = ctx;
  const reply = await withQuizScripts(ctx.redis).readQuizStanding(
    keys.quizSession(sessionId), ...boardsAt(ctx, ctx.now()).keys, keys.entryPrefix, sessionId, ctx.size,
  );
  if (reply.length === 0) return null;
  const [score, ...rest] = reply;
  return { score: Number(score), name: String(rest[6]), player: String(rest[7]), ...placed(rest.slice(0, 6).map(Number)) };
}

/**
 * Puts the session's own score on today's, this week's and the all time board under `name`, once,
 * as `player`'s (their public id): each board keeps one row per player, their best. A second
 * submit is a ConflictError whose details are the SubmittedStanding: a submit that answered 503
 * (no replica confirmed it) may have been kept, and its retry still learns the rank.
 */
export async function submitSession(
  sessionId: string,
  name: string,
  player: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
): Promise<SubmitResult> {
  const { keys } = ctx;
  const now = ctx.now();
  const boards = boardsAt(ctx, now);
  // A submit that answers 201 must survive a failover: acknowledged once a replica has it.
  const [status, score, ...reply] = await writeAcknowledged<[number, number, ...(number | string)[]]>(
    withQuizScripts(ctx.redis),
    (pipeline) => pipeline.submitQuizSession(
      keys.quizSession(sessionId), ...boards.keys, ...boardWriteKeys(ctx),
      sessionId, name, now, ctx.size, player, ...boards.args,
    ),
  );
  if (status === -1) throw new NotFoundError('quiz session');
  if (status === -2) {
    const standing: SubmittedStanding = { score, name: String(reply[6]), player: String(reply[7]), ...placed(reply.slice(0, 6).map(Number)) };
    throw new ConflictError('this session was submitted already', standing);
  }
  return { score, player, ...placedAndImproved(reply.map(Number)) };
}
