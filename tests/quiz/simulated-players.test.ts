import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readTop } from '../../lib/leaderboard';
import { playSimulatedQuiz, seedDemoBoard } from '../../lib/simulator/quiz-players';
import { connect } from '../support';
import { boardContext } from '../leaderboard/support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

it('a simulated player scores what its skill says, through the real session', async () => {
  const ctx = boardContext(redis);
  expect((await playSimulatedQuiz(ctx, 1)).score).toBe(10);
  expect((await playSimulatedQuiz(ctx, 0)).score).toBe(0);
  const board = await readTop(10, ctx);
  expect(board.entries.map((entry) => entry.score)).toEqual([10, 0]);
});

it('the demo board is seeded once, with players spread over the past, oldest first', async () => {
  const ctx = boardContext(redis);
  const now = ctx.now();
  expect(await seedDemoBoard(ctx, 12)).toBe(12);
  const { entries } = await readTop(100, ctx);
  expect(entries).toHaveLength(12);
  const dates = entries.map((entry) => entry.date).toSorted((a, b) => a - b);
  expect(dates[0]).toBeLessThan(now - 30 * 60_000);
  expect(dates.at(-1)).toBeLessThan(now);
  expect(await seedDemoBoard(ctx, 12)).toBe(0);
  expect((await readTop(100, ctx)).entries).toHaveLength(12);
});
