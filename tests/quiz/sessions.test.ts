import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { readTop } from '../../lib/leaderboard';
import { addEntry } from '../leaderboard/entries';
import {
  answerFloorMs,
  answerQuestion,
  DEFAULT_ANSWER_FLOOR_MS,
  MAX_SPEED_BONUS,
  POINTS_PER_ANSWER,
  QUESTION_BANK,
  questionById,
  resumeSession,
  SESSION_TTL_MS,
  NotYourSessionError,
  startSession,
  submitSession,
  type PublicQuestion,
} from '../../lib/quiz';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import type { SubmitResult } from '../../lib/quiz/types';
import { connect, testClock } from '../support';
import { boardContext } from '../leaderboard/support';
import { answerAll, newPlayer, rightChoice, speedBonus, wrongChoice } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const start = (ctx: LeaderboardContext, player = newPlayer()) => startSession(player, ctx);
/** The player who started a session: the only one who may submit it. */
const playerOf = async (ctx: LeaderboardContext, id: string) =>
  (await ctx.redis.hget(ctx.keys.quizSession(id), 'player'))!;
/** A submit's answer as a second submit tells it: where it stands, not what it improved. */
const withoutImproved = (result: SubmitResult) =>
  Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'improved'));
/** The session's question ids in the order drawn, read where the server keeps them. */
const drawnOrder = async (ctx: LeaderboardContext, id: string) =>
  (await redis.hget(ctx.keys.quizSession(id), 'order'))!.split(',');
const answerFirst = async (ctx: LeaderboardContext, { id, question }: { id: string; question: PublicQuestion }) =>
  answerQuestion(id, { questionId: question.id, choice: rightChoice(question) }, ctx);

describe('the question bank', () => {
  it('holds the 66 well-formed questions with unique ids the README counts (its tour of /quiz)', () => {
    expect(QUESTION_BANK.length).toBe(66);
    expect(new Set(QUESTION_BANK.map((question) => question.id)).size).toBe(QUESTION_BANK.length);
    for (const question of QUESTION_BANK) {
      expect(question.choices[question.answer], question.id).toBeDefined();
      expect(question.explanation.length, question.id).toBeGreaterThan(10);
    }
  });
});

describe('quiz sessions', () => {
  it('start by revealing the first question only, its choices shuffled, no answer in the payload, with a 15-minute TTL', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    expect(Object.keys(session).toSorted()).toEqual(['expiresAt', 'id', 'question', 'total']);
    expect(session.total).toBe(10);
    expect(Object.keys(session.question).toSorted()).toEqual(['choices', 'id', 'text']);
    expect(session.question.choices.toSorted()).toEqual(questionById(session.question.id)!.choices.toSorted());
    expect(JSON.stringify(session)).not.toMatch(/"(answer|explanation)"/);
    const drawn = await drawnOrder(ctx, session.id);
    expect(new Set(drawn).size).toBe(10);
    expect(drawn[0]).toBe(session.question.id);
    for (const later of drawn.slice(1)) expect(JSON.stringify(session)).not.toContain(questionById(later)!.text);
    const ttl = await redis.pttl(ctx.keys.quizSession(session.id));
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it('reveal each question with the answer to the one before, in the order drawn, and none after the last', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    const replies = await answerAll(session, ctx);
    expect(replies).toHaveLength(10);
    const drawn = await drawnOrder(ctx, session.id);
    expect(replies.map((reply) => reply.next?.id ?? null)).toEqual([...drawn.slice(1), null]);
    for (const reply of replies.slice(0, -1))
      expect(Object.keys(reply.next!).toSorted()).toEqual(['choices', 'id', 'text']);
  });

  it('refuse an answer to a question not revealed yet (a 409) and write nothing', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    const key = ctx.keys.quizSession(session.id);
    const [, second, third] = await drawnOrder(ctx, session.id);
    const before = await redis.hgetall(key);
    for (const early of [second!, third!]) {
      const refused: unknown = await answerQuestion(
        session.id,
        { questionId: early, choice: questionById(early)!.answer },
        ctx,
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConflictError);
      expect((refused as Error).message).toMatch(/not revealed/);
    }
    expect(await redis.hgetall(key)).toEqual(before);
    // Once revealed, it is answerable.
    const { next } = await answerFirst(ctx, session);
    expect(next!.id).toBe(second);
    await expect(answerQuestion(session.id, { questionId: third!, choice: 0 }, ctx)).rejects.toThrow(ConflictError);
    expect((await answerQuestion(session.id, { questionId: second!, choice: rightChoice(next!) }, ctx)).correct).toBe(
      true,
    );
  });

  it('score each question once, on the server: points for a right answer, a bonus for the time since its reveal', async () => {
    const clock = testClock();
    const ctx = boardContext(redis, undefined, clock.now);
    const session = await start(ctx);
    clock.advance(2_000);
    const first = POINTS_PER_ANSWER + speedBonus(2_000);
    const q1 = session.question;
    const reply1 = await answerQuestion(session.id, { questionId: q1.id, choice: rightChoice(q1) }, ctx);
    expect(reply1).toMatchObject({
      correct: true,
      answer: rightChoice(q1),
      score: first,
      breakdown: { points: POINTS_PER_ANSWER, speed: MAX_SPEED_BONUS - 50, elapsedMs: 2_000 },
    });
    await expect(answerQuestion(session.id, { questionId: q1.id, choice: rightChoice(q1) }, ctx)).rejects.toThrow(
      ConflictError,
    );
    clock.advance(1_500);
    const q2 = reply1.next!;
    const wrong = await answerQuestion(session.id, { questionId: q2.id, choice: wrongChoice(q2) }, ctx);
    expect(wrong).toEqual({
      correct: false,
      answer: rightChoice(q2),
      explanation: questionById(q2.id)!.explanation,
      score: first,
      breakdown: { points: 0, speed: 0, elapsedMs: 1_500 },
      next: wrong.next,
    });
    // Timed from its reveal (the previous answer); past 20 seconds a right answer earns its points alone.
    clock.advance(25_000);
    const q3 = wrong.next!;
    expect(await answerQuestion(session.id, { questionId: q3.id, choice: rightChoice(q3) }, ctx)).toMatchObject({
      score: first + POINTS_PER_ANSWER,
      breakdown: { points: POINTS_PER_ANSWER, speed: 0, elapsedMs: 25_000 },
    });
  });

  it('give an answer faster than the floor (QUIZ_ANSWER_FLOOR_MS, 1.25 s: reading plus a round trip) exactly what an answer at the floor earns: instant answers gain nothing', async () => {
    expect(answerFloorMs()).toBe(DEFAULT_ANSWER_FLOOR_MS);
    expect(DEFAULT_ANSWER_FLOOR_MS).toBe(1_250);
    const play = async (msPerAnswer: number) => {
      const clock = testClock();
      const ctx = boardContext(redis, undefined, clock.now);
      const replies = await answerAll(await start(ctx), ctx, rightChoice, () => clock.advance(msPerAnswer));
      return replies.at(-1)!.score;
    };
    const [instant, underFloor, atFloor, aboveFloor] = [
      await play(0),
      await play(1_000),
      await play(1_250),
      await play(1_280),
    ];
    expect(instant).toBe(10 * (POINTS_PER_ANSWER + MAX_SPEED_BONUS - 31));
    expect(instant).toBe(atFloor);
    expect(underFloor).toBe(atFloor);
    expect(atFloor).toBe(aboveFloor + 10);
  });

  it('score a faster session higher than a slower one with the same right answers, above the floor', async () => {
    const play = async (msPerAnswer: number) => {
      const clock = testClock();
      const ctx = boardContext(redis, undefined, clock.now);
      const session = await start(ctx);
      await answerAll(
        session,
        ctx,
        (question, i) => (i % 3 === 0 ? wrongChoice(question) : rightChoice(question)),
        () => clock.advance(msPerAnswer),
      );
      return (await submitSession(session.id, `Pace ${msPerAnswer}`, await playerOf(ctx, session.id), ctx)).score;
    };
    const [fast, slow, slower] = [await play(2_000), await play(2_040), await play(9_000)];
    expect(fast).toBe(6 * (POINTS_PER_ANSWER + speedBonus(2_000)));
    expect(fast).toBeGreaterThan(slow);
    expect(slow).toBeGreaterThan(slower);
    expect(Number.isInteger(slower)).toBe(true);
  });

  it('shuffle the choices per session: a memorised position is worth nothing, and the reply names the right choice as shown', async () => {
    const ctx = boardContext(redis);
    let reordered = 0;
    let bankPositionWrong = 0;
    for (let i = 0; i < 60; i++) {
      const session = await start(ctx);
      const { question } = session;
      const bank = questionById(question.id)!;
      expect(question.choices.toSorted()).toEqual(bank.choices.toSorted());
      if (bank.choices.length > 2 && question.choices.join('\n') !== bank.choices.join('\n')) reordered++;
      // What a script that learnt the bank sends: the right choice's position in the source.
      const reply = await answerQuestion(session.id, { questionId: question.id, choice: bank.answer }, ctx);
      expect(question.choices[reply.answer]).toBe(bank.choices[bank.answer]);
      expect(reply.correct).toBe(question.choices[bank.answer] === bank.choices[bank.answer]);
      if (!reply.correct) bankPositionWrong++;
    }
    // 60 first questions: about 35 multiple choice, each in the bank's order one time in 24.
    expect(reordered).toBeGreaterThan(5);
    expect(bankPositionWrong).toBeGreaterThan(10);
  });

  it('count a question answered by racing requests once', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => answerFirst(ctx, session)));
    const recorded = results.filter((result) => result.status === 'fulfilled');
    expect(recorded).toHaveLength(1);
    expect(await redis.hget(ctx.keys.quizSession(session.id), 'answered')).toBe('1');
    expect(await redis.hget(ctx.keys.quizSession(session.id), 'score')).toBe(String(recorded[0]!.value.score));
  });

  it('refuse a question that is not in the session, and a choice out of range', async () => {
    const ctx = boardContext(redis);
    const { id, question } = await start(ctx);
    const asked = new Set(await drawnOrder(ctx, id));
    const other = QUESTION_BANK.find((candidate) => !asked.has(candidate.id))!;
    await expect(answerQuestion(id, { questionId: other.id, choice: 0 }, ctx)).rejects.toThrow(InvalidInputError);
    await expect(answerQuestion(id, { questionId: 'no-such-question', choice: 0 }, ctx)).rejects.toThrow(
      InvalidInputError,
    );
    await expect(answerQuestion(id, { questionId: question.id, choice: 4 }, ctx)).rejects.toThrow(InvalidInputError);
    expect(await redis.hget(ctx.keys.quizSession(id), 'answered')).toBe('0');
  });

  it('are unknown once expired; a submit of one is refused as one of another player would be', async () => {
    const ctx = boardContext(redis);
    const { id, question } = await start(ctx);
    await redis.pexpire(ctx.keys.quizSession(id), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(answerQuestion(id, { questionId: question.id, choice: 0 }, ctx)).rejects.toThrow(NotFoundError);
    await expect(submitSession(id, 'Late', newPlayer(), ctx)).rejects.toThrow(NotYourSessionError);
    await expect(submitSession('AAAAAAAAAAAA', 'Nobody', newPlayer(), ctx)).rejects.toThrow(NotYourSessionError);
  });

  it('one open session per player: a second start by the same player ends the first, which refuses answers, submit and resume (409)', async () => {
    const ctx = boardContext(redis);
    const player = newPlayer();
    const first = await start(ctx, player);
    const { next } = await answerFirst(ctx, first);
    const second = await start(ctx, player);
    const other = await start(ctx); // another player's session is no business of this one
    expect(await redis.get(ctx.keys.openSession(player))).toBe(second.id);
    expect(await redis.pttl(ctx.keys.openSession(player))).toBeGreaterThan(SESSION_TTL_MS - 5_000);
    const before = await redis.hgetall(ctx.keys.quizSession(first.id));
    const firstPlayer = await playerOf(ctx, first.id);
    // Each refusal awaited at once: on a cluster the submit goes on a connection of its own, so
    // the three may answer in any order. No await inside the list: a refusal settling while one
    // ran would be a rejection nobody handles yet.
    await Promise.all(
      [
        answerQuestion(first.id, { questionId: next!.id, choice: rightChoice(next!) }, ctx),
        submitSession(first.id, 'Twice', firstPlayer, ctx),
        resumeSession(first.id, ctx),
      ].map((refused) => expect(refused).rejects.toThrow(/ended: its player started another/)),
    );
    expect(await redis.hgetall(ctx.keys.quizSession(first.id))).toEqual(before);
    expect((await readTop(10, ctx)).entries).toEqual([]);
    await answerAll(second, ctx);
    await answerAll(other, ctx);
    expect((await submitSession(second.id, 'Second', await playerOf(ctx, second.id), ctx)).rank).toBe(1);
    expect((await submitSession(other.id, 'Other', await playerOf(ctx, other.id), ctx)).rank).not.toBeNull();
  });

  it('refuses a submit by another player than the one who started the session, and writes and tells nothing', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    await answerAll(session, ctx);
    const before = await redis.hgetall(ctx.keys.quizSession(session.id));
    await expect(submitSession(session.id, 'Not mine', newPlayer(), ctx)).rejects.toThrow(NotYourSessionError);
    expect(await redis.hgetall(ctx.keys.quizSession(session.id))).toEqual(before);
    expect(await redis.get(ctx.keys.version)).toBeNull();
    expect((await readTop(10, ctx)).entries).toEqual([]);
    expect((await submitSession(session.id, 'Mine', await playerOf(ctx, session.id), ctx)).rank).toBe(1);
  });

  it('a submitted session stays submitted when its player starts another', async () => {
    const ctx = boardContext(redis);
    const player = newPlayer();
    const first = await start(ctx, player);
    await answerFirst(ctx, first);
    const submitted = await submitSession(first.id, 'Done', await playerOf(ctx, first.id), ctx);
    await start(ctx, player);
    const refused: unknown = await resumeSession(first.id, ctx).catch((error: unknown) => error);
    expect((refused as ConflictError).details).toMatchObject({
      standing: { ...withoutImproved(submitted), name: 'Done' },
    });
  });

  it('submit once, even when submits race, with the score the server counted', async () => {
    const ctx = boardContext(redis);
    const session = await start(ctx);
    const score = (await answerAll(session, ctx)).at(-1)!.score;
    const { id } = session;
    const player = await playerOf(ctx, id);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => submitSession(id, `Racer ${i}`, player, ctx)),
    );
    const submitted = results.filter((result) => result.status === 'fulfilled');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.value).toEqual({
      score,
      player,
      rank: 1,
      threshold: 0,
      ranks: { day: 1, week: 1, all: 1 },
      sharedBy: { day: 1, week: 1, all: 1 },
      listed: { day: true, week: true, all: true },
      improved: { day: true, week: true, all: true },
    });
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ConflictError);
    const board = await readTop(100, ctx);
    expect(board.entries).toHaveLength(1);
    expect(board.entries[0]).toMatchObject({ id, score, rank: 1 });
    await expect(answerQuestion(id, { questionId: session.question.id, choice: 0 }, ctx)).rejects.toThrow(
      ConflictError,
    );
  });

  it('refuse a second submit with where the first stands now (its score, name and rank on each board): what a retry after a 503 needs', async () => {
    const ctx = boardContext(redis, 2);
    const session = await start(ctx);
    const { id } = session;
    const { score } = await answerFirst(ctx, session);
    const first = withoutImproved(await submitSession(id, 'First', await playerOf(ctx, id), ctx));
    expect(first.ranks).toEqual({ day: 1, week: 1, all: 1 });
    const standing = async () => {
      const refused: unknown = await submitSession(id, 'Second', await playerOf(ctx, id), ctx).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ConflictError);
      return (refused as ConflictError).details;
    };
    expect(await standing()).toEqual({ ...first, name: 'First' });

    // Its ranks are read when asked: one better entry moves it down, two push it off the boards of 2.
    await addEntry({ id: 'better-1', name: 'Better', score: score + 1, date: ctx.now() }, ctx);
    const everywhere = <T>(value: T) => ({ day: value, week: value, all: value });
    expect(await standing()).toEqual({
      score,
      name: 'First',
      rank: 2,
      threshold: score,
      ranks: everywhere(2),
      sharedBy: everywhere(1),
      listed: everywhere(true),
      player: first.player,
    });
    await addEntry({ id: 'better-2', name: 'Better', score: score + 2, date: ctx.now() }, ctx);
    expect(await standing()).toEqual({
      score,
      name: 'First',
      rank: null,
      threshold: score + 1,
      ranks: everywhere(null),
      sharedBy: everywhere(0),
      listed: everywhere(false),
      player: first.player,
    });
    expect((await readTop(2, ctx)).entries.map((entry) => entry.id)).toEqual(['better-2', 'better-1']);
  });

  it('answer a reloaded page of a submitted session with the session as played and where its score stands (a 409)', async () => {
    const ctx = boardContext(redis, 2);
    const session = await start(ctx);
    await answerFirst(ctx, session);
    const played = await resumeSession(session.id, ctx);
    const first = withoutImproved(await submitSession(session.id, 'First', await playerOf(ctx, session.id), ctx));
    const refused: unknown = await resumeSession(session.id, ctx).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).details).toEqual({ session: played, standing: { ...first, name: 'First' } });
  });

  it('off the board, say which score would have entered it', async () => {
    const ctx = boardContext(redis, 2);
    for (const name of ['Ana', 'Bo']) {
      const session = await start(ctx);
      await answerFirst(ctx, session);
      expect((await submitSession(session.id, name, await playerOf(ctx, session.id), ctx)).rank).not.toBeNull();
    }
    const { id } = await start(ctx);
    const { threshold } = await readTop(2, ctx);
    expect(threshold).toBeGreaterThan(POINTS_PER_ANSWER);
    expect(await submitSession(id, 'Cy', await playerOf(ctx, id), ctx)).toMatchObject({
      score: 0,
      rank: null,
      threshold,
      ranks: { day: null, week: null, all: null },
    });
    expect(await redis.exists(ctx.keys.entry(id))).toBe(0);
  });

  it('resume as the player left them: the questions answered with their answers, then the one revealed, never one beyond', async () => {
    const started = 1_700_000_000_000;
    const ctx = boardContext(redis, undefined, () => started);
    const session = await start(ctx);
    const first = await answerFirst(ctx, session);
    const second = await answerQuestion(
      session.id,
      { questionId: first.next!.id, choice: wrongChoice(first.next!) },
      ctx,
    );

    const resumed = await resumeSession(session.id, ctx);
    expect(resumed.questions).toEqual([session.question, first.next, second.next]);
    expect(resumed.total).toBe(10);
    expect(resumed.expiresAt).toBe(started + SESSION_TTL_MS);
    // Instant answers, timed as answers at the floor.
    const points = POINTS_PER_ANSWER + speedBonus(0);
    expect(resumed.score).toBe(points);
    expect(resumed.answers).toEqual([
      {
        choice: rightChoice(session.question),
        correct: true,
        answer: rightChoice(session.question),
        explanation: questionById(session.question.id)!.explanation,
        score: points,
        breakdown: { points: POINTS_PER_ANSWER, speed: speedBonus(0), elapsedMs: 0 },
      },
      {
        choice: wrongChoice(first.next!),
        correct: false,
        answer: rightChoice(first.next!),
        explanation: questionById(first.next!.id)!.explanation,
        score: points,
        breakdown: { points: 0, speed: 0, elapsedMs: 0 },
      },
    ]);
    const drawn = await drawnOrder(ctx, session.id);
    for (const unrevealed of drawn.slice(3))
      expect(JSON.stringify(resumed)).not.toContain(questionById(unrevealed)!.text);
    expect(JSON.stringify(resumed)).not.toContain(questionById(second.next!.id)!.explanation);

    let last = second.next;
    while (last) last = (await answerQuestion(session.id, { questionId: last.id, choice: 0 }, ctx)).next;
    const finished = await resumeSession(session.id, ctx);
    expect(finished.questions.map((question) => question.id)).toEqual(drawn);
    expect(finished.answers).toHaveLength(10);
  });

  it('cannot be resumed once submitted or gone', async () => {
    const ctx = boardContext(redis);
    const { id } = await start(ctx);
    await submitSession(id, 'Done', await playerOf(ctx, id), ctx);
    await expect(resumeSession(id, ctx)).rejects.toThrow(ConflictError);
    await expect(resumeSession('no-such-session', ctx)).rejects.toThrow(NotFoundError);
  });
});
