import { z } from 'zod';
import { errorBodySchema } from '../../errors';
import { entryIdSchema, leaderboardQuerySchema, rankedEntrySchema, removedEntrySchema } from '../../../leaderboard/schemas';
import {
  answerInputSchema,
  answerResultSchema,
  resumedSessionSchema,
  sessionIdSchema,
  startedSessionSchema,
  submitInputSchema,
  submitResultSchema,
  submittedStandingSchema,
} from '../../../quiz/schemas';
import { defineRoutes } from '../contract';

const session = z.object({ id: sessionIdSchema });

export const quizRoutes = defineRoutes([
  {
    method: 'post',
    path: '/api/quiz/sessions',
    tag: 'quiz',
    summary: 'Start a quiz: ten questions, no answers',
    access: 'write',
    responses: { 201: { description: 'the session', json: startedSessionSchema } },
  },
  {
    method: 'get',
    path: '/api/quiz/sessions/{id}',
    tag: 'quiz',
    summary: 'A session as its player left it (a reloaded page)',
    params: session,
    responses: { 200: { description: 'questions, answers so far, score', json: resumedSessionSchema } },
    errors: { 409: 'submitted already' },
  },
  {
    method: 'post',
    path: '/api/quiz/sessions/{id}/answers',
    tag: 'quiz',
    summary: 'Answer one question, once',
    description: '`choice` is an index into the question\'s choices; a question not in the session is a 400 with `field: "questionId"`.',
    access: 'write',
    params: session,
    body: { schema: answerInputSchema, example: { questionId: 'bw-kubernetes', choice: 0 } },
    responses: { 200: { description: 'right or wrong, the right choice, why, the score so far and how this answer scored (timed by the server)', json: answerResultSchema } },
    errors: { 409: 'answered already, or the session is submitted' },
  },
  {
    method: 'post',
    path: '/api/quiz/sessions/{id}/submit',
    tag: 'quiz',
    summary: 'Submit a session under a name: the server counts the score',
    description:
      'Strict: a made-up field (a `score`) is a 400. A 503 may come after the score was kept (no replica confirmed it in time): the retry is then a 409 that carries where that score stands now, beside the error.',
    access: 'write',
    params: session,
    body: { schema: submitInputSchema, example: { name: '김민준' } },
    responses: {
      200: { description: 'the score, the all time rank (null off the board) and threshold, and the rank on each board', json: submitResultSchema },
      409: {
        description: 'submitted already: the error, with the score, the name it was submitted under, and its rank on each board now (null: not on it)',
        json: errorBodySchema.extend(submittedStandingSchema.shape),
      },
    },
  },
  {
    method: 'get',
    path: '/api/leaderboard',
    tag: 'quiz',
    summary: 'The top of a board, best first: today, this week or all time',
    description: 'Days are UTC, weeks ISO weeks (Monday to Sunday, UTC); `period` defaults to `all`.',
    query: leaderboardQuerySchema,
    responses: { 200: { description: 'the entries', json: z.array(rankedEntrySchema) } },
  },
  {
    method: 'delete',
    path: '/api/leaderboard/entries/{id}',
    tag: 'admin',
    summary: 'Remove an entry from every board it is on, and its string; every open board drops it live',
    access: 'admin',
    params: z.object({ id: entryIdSchema }),
    responses: { 200: { description: 'removed', json: removedEntrySchema } },
  },
]);
