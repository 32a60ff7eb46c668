import { ConflictError, InvalidInputError, NotFoundError, StatusError } from '../errors';
import { newId } from '../ids';
import { defaultLeaderboardContext, type LeaderboardContext } from '../leaderboard/context';
import { boardsAt, placed, placedAndImproved } from '../leaderboard/board';
import { drawQuestions, publicQuestion, questionById, shuffledChoiceOrder } from './bank';
import type { AnswerInput } from './schemas';
import { answerFloorMs, MAX_SPEED_BONUS, MS_PER_BONUS_POINT, POINTS_PER_ANSWER } from './scoring';
import { answerQuizQuestion, readQuizStanding, startQuizSession, submitQuizSession } from './scripts';
import type {
  AnsweredQuestion,
  AnswerResult,
  Question,
  ResumedSession,
  StartedSession,
  SubmitResult,
  SubmittedStanding,
} from './types';

export const SESSION_TTL_MS = 15 * 60_000;

/** A session asked for by another player than the one who started it, or by anyone for none (a 403, the same either way): nothing is written. */
export class NotYourSessionError extends StatusError {
  override readonly name = 'NotYourSessionError';
  readonly status = 403;
  readonly code = 'not_your_session';
  constructor() {
    super('no quiz session of yours has this id: only the player who started a session may play it');
  }
}

const NOT_IN_SESSION = 'not a question of this session';
const ENDED = 'this session has ended: its player started another';

/**
 * Draws the questions and the order each shows its choices in, stores the session (with its
 * expiry) and ends the player's open one, in one script. Only the first question leaves the
 * server: each answer reveals the next, and the answers stay here until their question is answered.
 */
export async function startSession(
  player: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
): Promise<StartedSession> {
  const questions = drawQuestions();
  const orders = questions.map(shuffledChoiceOrder);
  const startedAt = ctx.now();
  const { keys } = ctx;
  for (;;) {
    const id = newId();
    const created = await startQuizSession.run(
      ctx.redis,
      { session: keys.quizSession(id), openSession: keys.openSession(player), sessionPrefix: keys.quizSessionPrefix },
      {
        ttl: SESSION_TTL_MS,
        now: startedAt,
        id,
        player,
        questions: questions.flatMap((question, i) => [question.id, orders[i]!]),
      },
    );
    if (created === 'created')
      return {
        id,
        total: questions.length,
        question: publicQuestion(questions[0]!, orders[0]!),
        expiresAt: startedAt + SESSION_TTL_MS,
      };
  }
}

/**
 * Scores the answer to the question revealed now, once, and reveals the next: the bank knows the
 * right choice, the script maps the shown position chosen to the bank's, records it atomically
 * and adds the speed bonus for the time it measures since the reveal (never less than the floor).
 * With `player` (the API's caller), a session that is not theirs, or none, is NotYourSessionError.
 */
export async function answerQuestion(
  sessionId: string,
  { questionId, choice }: AnswerInput,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
  player?: string,
): Promise<AnswerResult> {
  const question = questionById(questionId);
  if (!question) throw new InvalidInputError('questionId', NOT_IN_SESSION);
  if (choice >= question.choices.length)
    throw new InvalidInputError('choice', `must be 0 to ${question.choices.length - 1}`);
  const {
    status,
    score,
    breakdown,
    answer,
    next: nextId,
    nextOrder,
  } = await answerQuizQuestion.run(
    ctx.redis,
    { session: ctx.keys.quizSession(sessionId) },
    {
      question: questionId,
      choice,
      answer: question.answer,
      now: ctx.now(),
      points: POINTS_PER_ANSWER,
      maxBonus: MAX_SPEED_BONUS,
      msPerBonusPoint: MS_PER_BONUS_POINT,
      floor: answerFloorMs(),
      player: player ?? '',
    },
  );
  if (status === 'not_yours') throw new NotYourSessionError();
  if (status === 'no_session') throw new NotFoundError('quiz session');
  if (status === 'not_in_session') throw new InvalidInputError('questionId', NOT_IN_SESSION);
  if (status === 'submitted') throw new ConflictError('this session was submitted already');
  if (status === 'not_revealed')
    throw new ConflictError('this question is not revealed yet: answer the open one first');
  if (status === 'ended') throw new ConflictError(ENDED);
  if (status === 'answered_already') throw new ConflictError('this question was answered already');
  const next = nextId ? questionById(nextId) : null;
  // A question dropped from the bank since this session began: the session cannot go on.
  if (next === undefined) throw new NotFoundError('quiz session');
  return {
    correct: choice === answer,
    answer,
    explanation: question.explanation,
    score,
    breakdown,
    next: next && publicQuestion(next, nextOrder),
  };
}

/**
 * A session as its player left it, for a page reloaded mid-game: one HGETALL. The questions
 * revealed so far (those answered, with their answers and explanations as answering them
 * replied, then the open one), never one beyond. A submitted session is a ConflictError whose
 * details are the session and its standing now; an ended one, a ConflictError without. With
 * `player`, a session that is not theirs, or none, is NotYourSessionError.
 */
export async function resumeSession(
  sessionId: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
  player?: string,
): Promise<ResumedSession> {
  const fields = await ctx.redis.hgetall(ctx.keys.quizSession(sessionId));
  if (player !== undefined && fields.player !== player) throw new NotYourSessionError();
  if (!fields.order) throw new NotFoundError('quiz session');
  if (fields.ended !== undefined) throw new ConflictError(ENDED);
  const drawn = fields.order.split(',');
  const answered = Number(fields.answered);
  const revealed = drawn.slice(0, answered + 1).map(questionById);
  if (revealed.some((question) => !question)) throw new NotFoundError('quiz session');
  let runningScore = 0;
  const answers = (revealed as Question[]).slice(0, answered).map(({ id, answer, explanation }): AnsweredQuestion => {
    const choice = Number(fields[`q:${id}`]);
    const [points = 0, speed = 0, elapsedMs = 0] = (fields[`p:${id}`] ?? '').split(':').map(Number);
    runningScore += points + speed;
    const shownAnswer = fields[`c:${id}`]!.indexOf(String(answer));
    return {
      choice,
      correct: choice === shownAnswer,
      answer: shownAnswer,
      explanation,
      score: runningScore,
      breakdown: { points, speed, elapsedMs },
    };
  });
  const session: ResumedSession = {
    id: sessionId,
    total: drawn.length,
    questions: (revealed as Question[]).map((question) => publicQuestion(question, fields[`c:${question.id}`]!)),
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
  const boards = boardsAt(ctx, ctx.now());
  const reply = await readQuizStanding.run(
    ctx.redis,
    { ...keys, session: keys.quizSession(sessionId), boards: boards.keys },
    { id: sessionId, size: ctx.size, suffixes: boardSuffixes(boards.args) },
  );
  return reply && submittedStanding(reply);
}

/** The key suffixes among boardsAt()'s arguments (period, suffix, id, expiry per board). */
const boardSuffixes = (args: (string | number)[]) => args.filter((_, i) => i % 4 === 1);

/** standing.lua's {score, rank x3, threshold x3, shared x3, listed x3, name, player}. */
function submittedStanding([score, ...rest]: [number, ...(number | string)[]]): SubmittedStanding {
  return { score: Number(score), ...placed(rest), name: String(rest[12]), player: String(rest[13]) };
}

/** A network a submit comes from (lib/visitors/player.ts networksOf): its id, and its share of the rows cap in /64s' worth. */
export type SubmitNetwork = { id: string; share: number };

/** The rows each network may hold per board, as submit-session.lua takes them: '' when the cap is off. */
const capsOf = (networks: readonly SubmitNetwork[], rowsPerNetwork: number) =>
  rowsPerNetwork > 0 ? networks.map(({ share }) => rowsPerNetwork * share).join(',') : '';

/**
 * Puts the session's own score on today's, this week's and the all time board under `name`, once,
 * as `player`'s (their public id, who must be the player who started it, else NotYourSessionError):
 * equal scores share a rank, so a score tying a full board's last place ranks without a row
 * (docs/leaderboard.md). Each board keeps one row per player, their best, and at most
 * `ctx.rowsPerNetwork` rows times its share for each of `networks` (the submit's address at its
 * /64, /56 and /48, lib/visitors/player.ts; none: not counted): past a cap a better score takes
 * the place of the lowest row of the narrowest full network. A second
 * submit is a ConflictError whose details are the SubmittedStanding: a submit that answered 503
 * (no replica confirmed it) may have been kept, and its retry still learns the rank.
 */
export async function submitSession(
  sessionId: string,
  name: string,
  player: string,
  ctx: LeaderboardContext = defaultLeaderboardContext(),
  networks: readonly SubmitNetwork[] = [],
): Promise<SubmitResult> {
  const { keys } = ctx;
  const now = ctx.now();
  const boards = boardsAt(ctx, now);
  // A submit that answers 201 must survive a failover: acknowledged once a replica has it.
  const {
    status,
    score,
    placed: reply,
  } = await submitQuizSession.run(
    ctx.redis,
    { ...keys, session: keys.quizSession(sessionId), boards: boards.keys },
    {
      id: sessionId,
      name,
      now,
      size: ctx.size,
      player,
      networks: networks.map(({ id }) => id).join(','),
      caps: capsOf(networks, ctx.rowsPerNetwork ?? 0),
      periods: boards.args,
    },
    { acknowledged: true },
  );
  if (status === 'no_session' || status === 'not_yours') throw new NotYourSessionError();
  if (status === 'ended') throw new ConflictError(ENDED);
  if (status === 'submitted_already')
    throw new ConflictError('this session was submitted already', submittedStanding([score, ...reply]));
  return { score, player, ...placedAndImproved(reply) };
}
