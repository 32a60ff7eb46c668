import { BOARD_WRITE_KEYS } from '../leaderboard/scripts';
import { defineScript, statusNamed } from '../redis/script';

/** The quiz's scripts (lib/quiz/lua/), each declared once: its keys and arguments by name. */

export const startQuizSession = defineScript({
  file: 'quiz/lua/start-session.lua',
  keys: ['session', 'openSession', 'sessionPrefix'],
  args: ['ttl', 'now', 'id', 'player', '...questions'],
  reply: (created: 0 | 1) => (created === 1 ? 'created' : 'id_taken'),
});

const answerStatus = statusNamed({
  1: 'recorded',
  0: 'answered_already',
  [-1]: 'no_session',
  [-2]: 'not_in_session',
  [-3]: 'submitted',
  [-4]: 'not_revealed',
  [-5]: 'ended',
  [-6]: 'not_yours',
});

export const answerQuizQuestion = defineScript({
  file: 'quiz/lua/answer-question.lua',
  keys: ['session'],
  args: ['question', 'choice', 'answer', 'now', 'points', 'maxBonus', 'msPerBonusPoint', 'floor', 'player'],
  reply: ([status, score, points, speed, elapsedMs, answer, next, nextOrder]: [
    number,
    number,
    number,
    number,
    number,
    number,
    string,
    string,
  ]) => ({
    status: answerStatus(status),
    score,
    breakdown: { points, speed, elapsedMs },
    answer,
    next,
    nextOrder,
  }),
});

const submitStatus = statusNamed({
  1: 'submitted',
  [-1]: 'no_session',
  [-2]: 'submitted_already',
  [-3]: 'ended',
  [-4]: 'not_yours',
});

export const submitQuizSession = defineScript({
  file: 'quiz/lua/submit-session.lua',
  keys: ['session', '...boards', ...BOARD_WRITE_KEYS],
  args: ['id', 'name', 'now', 'size', 'player', 'networks', 'caps', '...periods'],
  reply: ([status, score, ...placed]: [number, number, ...(number | string)[]]) => ({
    status: submitStatus(status),
    score,
    placed,
  }),
});

export const readQuizStanding = defineScript({
  file: 'quiz/lua/read-standing.lua',
  keys: ['session', '...boards', 'entryPrefix', 'playersAtScorePrefix'],
  args: ['id', 'size', '...suffixes'],
  readOnly: true,
  reply: (reply: [] | [number, ...(number | string)[]]) =>
    reply.length === 0 ? null : (reply as [number, ...(number | string)[]]),
});
