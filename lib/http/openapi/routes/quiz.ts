import { z } from 'zod';
import { errorBodySchema } from '../../errors';
import {
  entryIdSchema,
  hiddenPlayerSchema,
  leaderboardQuerySchema,
  playerIdSchema,
  playerStandingSchema,
  rankedEntrySchema,
  removedEntrySchema,
} from '../../../leaderboard/schemas';
import {
  answerInputSchema,
  answerResultSchema,
  resumedSessionSchema,
  sessionIdSchema,
  startedSessionSchema,
  submitInputSchema,
  submitResultSchema,
  submittedSessionSchema,
  submittedStandingSchema,
} from '../../../quiz/schemas';
import { answers, defineRoutes } from '../contract';

const session = z.object({ id: sessionIdSchema });
/** What the player's writes to a session share. */
const sessionWrite = { method: 'post', access: 'write', params: session } as const;

export const quizRoutes = defineRoutes('quiz', [
  {
    method: 'post',
    path: '/api/quiz/sessions',
    summary: 'Start a quiz: the first of ten questions, no answers',
    description:
      'The player is the signed visitor cookie (`cp_vid`): a request without one is given one (`Set-Cookie`), or a 429 when its address has asked for too many new ones. A player has one open session: starting one ends the previous (its answers, submit and GET are then a 409). The server reveals one question at a time: this answer carries the first, each answer the next; choices are shuffled per session.',
    access: 'write',
    responses: answers(
      201,
      'the session: its id, its number of questions, the first question and when it expires',
      startedSessionSchema,
    ),
  },
  {
    method: 'get',
    path: '/api/quiz/sessions/{id}',
    summary: 'A session as its player left it (a reloaded page)',
    params: session,
    responses: {
      ...answers(
        200,
        'the questions revealed so far (those answered, then the open one), the answers given, the score',
        resumedSessionSchema,
      ),
      ...answers(
        409,
        'submitted already: the error, with the session as played and where its score stands now; or ended (its player started another): the error alone',
        errorBodySchema.extend(submittedSessionSchema.partial().shape),
      ),
    },
    errors: {
      403: "no valid visitor cookie (no_player), or no session of this visitor has this id (not_your_session: the same for another's and for none)",
    },
  },
  {
    ...sessionWrite,
    path: '/api/quiz/sessions/{id}/answers',
    summary: 'Answer the question revealed now, once; the reply reveals the next',
    description:
      '`choice` is an index into the question\'s choices as this session shows them; a question not in the session is a 400 with `field: "questionId"`. The speed bonus is timed by the server from the question\'s reveal (the start, or the previous answer); an answer faster than the floor (`QUIZ_ANSWER_FLOOR_MS`, 1 s by default) earns what one at the floor earns.',
    body: { schema: answerInputSchema, example: { questionId: 'bw-kubernetes', choice: 0 } },
    responses: answers(
      200,
      'right or wrong, the right choice (as shown), why, the score so far, how this answer scored (timed by the server) and the next question (null after the last)',
      answerResultSchema,
    ),
    errors: {
      403: "no valid visitor cookie (no_player), or no session of this visitor has this id (not_your_session: the same for another's and for none)",
      409: 'answered already, not revealed yet, or the session is submitted or ended',
    },
  },
  {
    ...sessionWrite,
    path: '/api/quiz/sessions/{id}/submit',
    summary: 'Submit a session under a name: the server counts the score',
    description:
      'The player is the signed visitor cookie (`cp_vid`) a quiz start sets: each board keeps one row per player, their best; a lower score changes nothing on a board, an equal one stands where the best does, a better one replaces the row (under the new name). Equal scores share a rank (\u201c1224\u201d): a score tying a full board\u2019s last place ranks without a row (`listed` false). Without a valid cookie, or from another visitor than the one who started the session (or for no session), the submit is a 403 and writes nothing. Strict: a made-up field (a `score`) is a 400. A 503 may come after the score was kept (no replica confirmed it in time): the retry is then a 409 that carries where that score stands now, beside the error.',
    body: { schema: submitInputSchema, example: { name: '김민준' } },
    responses: {
      ...answers(
        200,
        "the score, the player's public id, the all time rank (null off the board) and threshold, the rank on each board, and on which boards it beat the player's best",
        submitResultSchema,
      ),
      ...answers(
        409,
        'submitted already: the error, with the score, the name it was submitted under, and its rank on each board now (null: not on it); or ended (its player started another): the error alone',
        errorBodySchema.extend(submittedStandingSchema.partial().shape),
      ),
    },
    errors: {
      403: 'no valid visitor cookie (no_player), or a visitor other than the one who started the session, or no session (not_your_session): nothing written',
    },
  },
  {
    method: 'get',
    path: '/api/leaderboard',
    summary: 'The top of a board, best first: today, this week or all time',
    description: 'Days are UTC, weeks ISO weeks (Monday to Sunday, UTC); `period` defaults to `all`.',
    query: leaderboardQuerySchema,
    responses: answers(200, 'the entries', z.array(rankedEntrySchema)),
  },
  {
    method: 'delete',
    path: '/api/leaderboard/entries/{id}',
    tag: 'admin',
    summary: 'Remove an entry from every board it is on, and its string; every open board drops it live',
    access: 'admin',
    params: z.object({ id: entryIdSchema }),
    responses: answers(200, 'removed', removedEntrySchema),
  },
  {
    method: 'get',
    path: '/api/leaderboard/players/{player}',
    summary: 'Where a player stands on each board, on it or far below it',
    description:
      "`player` is the public id a submit answers and entries carry. Per board: the player's best, the exact rank while the board (a top 100) holds their row, and for every player a rank range and a percentile from the board's score histogram (one field per 100 points, each player counted once at their best): the rank lies between `approximateRank.from` and `.to`, and `betterThan` is the percent of the board's players whose best lies in a lower bucket. Nobody is stored on a board beyond its 100 rows for this.",
    params: z.object({ player: playerIdSchema }),
    responses: answers(
      200,
      "the player's standing on today's, this week's and the all time board",
      playerStandingSchema,
    ),
  },
  {
    method: 'delete',
    path: '/api/leaderboard/players/{player}',
    tag: 'admin',
    summary:
      'Hide a player: every row of theirs leaves every board (open boards drop them live), and their later submits stay off',
    description:
      "As Google Play Games' `players.hide`. `player` is the public id entries carry. Their best and histogram place go too, so the places of others count without them. Hiding is idempotent: a player who holds no row is hidden all the same (`removed: 0`).",
    access: 'admin',
    params: z.object({ player: playerIdSchema }),
    responses: answers(200, 'hidden', hiddenPlayerSchema),
  },
]);
