import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { addEntry, readTop } from '../../lib/leaderboard';
import {
  answerQuestion, MAX_SPEED_BONUS, POINTS_PER_ANSWER, QUESTION_BANK, questionById, resumeSession, SESSION_TTL_MS, speedBonus, startSession, submitSession,
} from '../../lib/quiz';
import type { SubmitResult } from '../../lib/quiz/types';
import { connect, testClock } from '../support';
import { boardContext, newPlayer } from '../leaderboard/support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** A submit's answer as a second submit tells it: where it stands, not what it improved. */
const withoutImproved = (result: SubmitResult) => Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'improved'));

const rightChoice = (questionId: string) => questionById(questionId)!.answer;
const wrongChoice = (questionId: string) => (rightChoice(questionId) + 1) % questionById(questionId)!.choices.length;

describe('the question bank', () => {
  it('holds the 66 well-formed questions with unique ids the README counts', () => {
    expect(QUESTION_BANK.length).toBe(66);
    expect(new Set(QUESTION_BANK.map((question) => question.id)).size).toBe(QUESTION_BANK.length);
    for (const question of QUESTION_BANK) {
      expect(question.choices[question.answer], question.id).toBeDefined();
      expect(question.explanation.length, question.id).toBeGreaterThan(10);
    }
  });
});

describe('quiz sessions', () => {
  it('start with 10 distinct questions, no answers in the payload, and a 15-minute TTL', async () => {
    const ctx = boardContext(redis);
    const session = await startSession(ctx);
    expect(session.questions).toHaveLength(10);
    expect(new Set(session.questions.map((question) => question.id)).size).toBe(10);
    for (const question of session.questions) expect(Object.keys(question).toSorted()).toEqual(['choices', 'id', 'text']);
    expect(JSON.stringify(session)).not.toMatch(/"(answer|explanation)"/);
    const ttl = await redis.pttl(ctx.keys.quizSession(session.id));
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it('score each question once, on the server: points for a right answer, a bonus for the time the server measured', async () => {
    const clock = testClock();
    const ctx = boardContext(redis, undefined, clock.now);
    const { id, questions } = await startSession(ctx);
    const [q1, q2, q3] = questions;
    clock.advance(2_000);
    const first = POINTS_PER_ANSWER + speedBonus(2_000);
    expect(await answerQuestion(id, { questionId: q1!.id, choice: rightChoice(q1!.id) }, ctx)).toMatchObject({
      correct: true, answer: rightChoice(q1!.id), score: first, breakdown: { points: POINTS_PER_ANSWER, speed: MAX_SPEED_BONUS - 50, elapsedMs: 2_000 },
    });
    await expect(answerQuestion(id, { questionId: q1!.id, choice: rightChoice(q1!.id) }, ctx)).rejects.toThrow(ConflictError);
    clock.advance(1_000);
    const wrong = await answerQuestion(id, { questionId: q2!.id, choice: wrongChoice(q2!.id) }, ctx);
    expect(wrong).toEqual({
      correct: false, answer: rightChoice(q2!.id), explanation: questionById(q2!.id)!.explanation, score: first,
      breakdown: { points: 0, speed: 0, elapsedMs: 1_000 },
    });
    // Measured from the previous answer; past 20 seconds a right answer earns its points alone.
    clock.advance(25_000);
    expect(await answerQuestion(id, { questionId: q3!.id, choice: rightChoice(q3!.id) }, ctx)).toMatchObject({
      score: first + POINTS_PER_ANSWER, breakdown: { points: POINTS_PER_ANSWER, speed: 0, elapsedMs: 25_000 },
    });
  });

  it('score a faster session higher than a slower one with the same right answers', async () => {
    const play = async (msPerAnswer: number) => {
      const clock = testClock();
      const ctx = boardContext(redis, undefined, clock.now);
      const { id, questions } = await startSession(ctx);
      for (const [i, question] of questions.entries()) {
        clock.advance(msPerAnswer);
        await answerQuestion(id, { questionId: question.id, choice: i % 3 === 0 ? wrongChoice(question.id) : rightChoice(question.id) }, ctx);
      }
      return (await submitSession(id, `Pace ${msPerAnswer}`, newPlayer(), ctx)).score;
    };
    const [fast, slow, slower] = [await play(2_000), await play(2_040), await play(9_000)];
    expect(fast).toBe(6 * (POINTS_PER_ANSWER + speedBonus(2_000)));
    expect(fast).toBeGreaterThan(slow);
    expect(slow).toBeGreaterThan(slower);
    expect(Number.isInteger(slower)).toBe(true);
  });

  it('count a question answered by racing requests once', async () => {
    const ctx = boardContext(redis);
    const { id, questions } = await startSession(ctx);
    const question = questions[0]!;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => answerQuestion(id, { questionId: question.id, choice: rightChoice(question.id) }, ctx)),
    );
    const recorded = results.filter((result) => result.status === 'fulfilled');
    expect(recorded).toHaveLength(1);
    expect(await redis.hget(ctx.keys.quizSession(id), 'answered')).toBe('1');
    expect(await redis.hget(ctx.keys.quizSession(id), 'score')).toBe(String(recorded[0]!.value.score));
  });

  it('refuse a question that is not in the session, and a choice out of range', async () => {
    const ctx = boardContext(redis);
    const { id, questions } = await startSession(ctx);
    const asked = new Set(questions.map((question) => question.id));
    const other = QUESTION_BANK.find((question) => !asked.has(question.id))!;
    await expect(answerQuestion(id, { questionId: other.id, choice: 0 }, ctx)).rejects.toThrow(InvalidInputError);
    await expect(answerQuestion(id, { questionId: 'no-such-question', choice: 0 }, ctx)).rejects.toThrow(InvalidInputError);
    await expect(answerQuestion(id, { questionId: questions[0]!.id, choice: 4 }, ctx)).rejects.toThrow(InvalidInputError);
    expect(await redis.hget(ctx.keys.quizSession(id), 'answered')).toBe('0');
  });

  it('are unknown once expired', async () => {
    const ctx = boardContext(redis);
    const { id, questions } = await startSession(ctx);
    await redis.pexpire(ctx.keys.quizSession(id), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(answerQuestion(id, { questionId: questions[0]!.id, choice: 0 }, ctx)).rejects.toThrow(NotFoundError);
    await expect(submitSession(id, 'Late', newPlayer(), ctx)).rejects.toThrow(NotFoundError);
    await expect(submitSession('AAAAAAAAAAAA', 'Nobody', newPlayer(), ctx)).rejects.toThrow(NotFoundError);
  });

  it('submit once, even when submits race, with the score the server counted', async () => {
    const ctx = boardContext(redis);
    const { id, questions } = await startSession(ctx);
    let score = 0;
    for (const question of questions) score = (await answerQuestion(id, { questionId: question.id, choice: rightChoice(question.id) }, ctx)).score;
    const player = newPlayer();
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => submitSession(id, `Racer ${i}`, player, ctx)));
    const submitted = results.filter((result) => result.status === 'fulfilled');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.value).toEqual({
      score, player, rank: 1, threshold: 0, ranks: { day: 1, week: 1, all: 1 }, improved: { day: true, week: true, all: true },
    });
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError);
    const board = await readTop(100, ctx);
    expect(board.entries).toHaveLength(1);
    expect(board.entries[0]).toMatchObject({ id, score, rank: 1 });
    await expect(answerQuestion(id, { questionId: questions[0]!.id, choice: 0 }, ctx)).rejects.toThrow(ConflictError);
  });

  it('refuse a second submit with where the first stands now (its score, name and rank on each board): what a retry after a 503 needs', async () => {
    const ctx = boardContext(redis, 2);
    const { id, questions } = await startSession(ctx);
    const { score } = await answerQuestion(id, { questionId: questions[0]!.id, choice: rightChoice(questions[0]!.id) }, ctx);
    const first = withoutImproved(await submitSession(id, 'First', newPlayer(), ctx));
    expect(first.ranks).toEqual({ day: 1, week: 1, all: 1 });
    const standing = async () => {
      const refused: unknown = await submitSession(id, 'Second', newPlayer(), ctx).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictError);
      return (refused as ConflictError).details;
    };
    expect(await standing()).toEqual({ ...first, name: 'First' });

    // Its ranks are read when asked: one better entry moves it down, two push it off the boards of 2.
    await addEntry({ id: 'better-1', name: 'Better', score: score + 1, date: ctx.now() }, ctx);
    expect(await standing()).toEqual({ score, name: 'First', rank: 2, threshold: score + 1, ranks: { day: 2, week: 2, all: 2 }, player: first.player });
    await addEntry({ id: 'better-2', name: 'Better', score: score + 2, date: ctx.now() }, ctx);
    expect(await standing()).toEqual({ score, name: 'First', rank: null, threshold: score + 2, ranks: { day: null, week: null, all: null }, player: first.player });
    expect((await readTop(2, ctx)).entries.map((entry) => entry.id)).toEqual(['better-2', 'better-1']);
  });

  it('answer a reloaded page of a submitted session with the session as played and where its score stands (a 409)', async () => {
    const ctx = boardContext(redis, 2);
    const { id, questions } = await startSession(ctx);
    await answerQuestion(id, { questionId: questions[0]!.id, choice: rightChoice(questions[0]!.id) }, ctx);
    const played = await resumeSession(id, ctx);
    const first = withoutImproved(await submitSession(id, 'First', newPlayer(), ctx));
    const refused: unknown = await resumeSession(id, ctx).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).details).toEqual({ session: played, standing: { ...first, name: 'First' } });
  });

  it('off the board, say which score would have entered it', async () => {
    const ctx = boardContext(redis, 2);
    for (const name of ['Ana', 'Bo']) {
      const { id, questions } = await startSession(ctx);
      await answerQuestion(id, { questionId: questions[0]!.id, choice: rightChoice(questions[0]!.id) }, ctx);
      expect((await submitSession(id, name, newPlayer(), ctx)).rank).not.toBeNull();
    }
    const { id } = await startSession(ctx);
    const { threshold } = await readTop(2, ctx);
    expect(threshold).toBeGreaterThan(POINTS_PER_ANSWER);
    expect(await submitSession(id, 'Cy', newPlayer(), ctx)).toMatchObject({ score: 0, rank: null, threshold, ranks: { day: null, week: null, all: null } });
    expect(await redis.exists(ctx.keys.entry(id))).toBe(0);
  });

  it('resume as the player left them: same questions in order, answers so far, open ones still secret', async () => {
    const started = 1_700_000_000_000;
    const ctx = boardContext(redis, undefined, () => started);
    const session = await startSession(ctx);
    const [first, second, third] = session.questions;
    await answerQuestion(session.id, { questionId: first!.id, choice: rightChoice(first!.id) }, ctx);
    await answerQuestion(session.id, { questionId: third!.id, choice: wrongChoice(third!.id) }, ctx);

    const resumed = await resumeSession(session.id, ctx);
    expect(resumed.questions).toEqual(session.questions);
    expect(resumed.expiresAt).toBe(started + SESSION_TTL_MS);
    const points = POINTS_PER_ANSWER + MAX_SPEED_BONUS;
    expect(resumed.score).toBe(points);
    expect(resumed.answers[0]).toEqual({
      choice: rightChoice(first!.id), correct: true, answer: rightChoice(first!.id), explanation: questionById(first!.id)!.explanation, score: points,
      breakdown: { points: POINTS_PER_ANSWER, speed: MAX_SPEED_BONUS, elapsedMs: 0 },
    });
    expect(resumed.answers[1]).toBeNull();
    expect(resumed.answers[2]).toMatchObject({ choice: wrongChoice(third!.id), correct: false, score: points, breakdown: { points: 0, speed: 0 } });
    expect(resumed.answers.slice(3)).toEqual(Array(7).fill(null));
    expect(JSON.stringify(resumed)).not.toContain(questionById(second!.id)!.explanation);
  });

  it('cannot be resumed once submitted or gone', async () => {
    const ctx = boardContext(redis);
    const { id } = await startSession(ctx);
    await submitSession(id, 'Done', newPlayer(), ctx);
    await expect(resumeSession(id, ctx)).rejects.toThrow(ConflictError);
    await expect(resumeSession('no-such-session', ctx)).rejects.toThrow(NotFoundError);
  });
});
