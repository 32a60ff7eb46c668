import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readBoards, readTop } from '../../lib/leaderboard';
import { POINTS_PER_ANSWER } from '../../lib/quiz';
import { maxScore, speedBonus } from './support';
import type { Chance } from '../../lib/simulator/chance';
import { playSimulatedQuiz, randomStyle, seedDemoBoard, simulatedPlayer } from '../../lib/simulator/quiz-players';
import { connect } from '../support';
import { boardContext } from '../leaderboard/support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

it('a simulated player scores what its skill and pace say, through the real session and the server’s clock', async () => {
  const ctx = boardContext(redis);
  // Three players of the crowd, named: two games of one player keep only that player's best row.
  const perfectFast = (await playSimulatedQuiz(ctx, { skill: 1, secondsPerAnswer: 1 }, simulatedPlayer(1))).score;
  // Think times vary from half to one and a half times the pace.
  expect(perfectFast).toBeGreaterThanOrEqual(10 * (POINTS_PER_ANSWER + speedBonus(1_500)));
  expect(perfectFast).toBeLessThanOrEqual(maxScore(10));
  const perfectSlow = (await playSimulatedQuiz(ctx, { skill: 1, secondsPerAnswer: 60 }, simulatedPlayer(2))).score;
  expect(perfectSlow).toBe(10 * POINTS_PER_ANSWER);
  expect((await playSimulatedQuiz(ctx, { skill: 0, secondsPerAnswer: 1 }, simulatedPlayer(3))).score).toBe(0);
  const board = await readTop(10, ctx);
  expect(board.entries.map((entry) => entry.score)).toEqual([perfectFast, perfectSlow, 0]);
  expect(board.entries.every((entry) => entry.date <= ctx.now())).toBe(true);
});

/** A seeded chance (mulberry32): the same games on every run, so the verdict is a count, never a lucky draw. */
const seededChance =
  (seed: number): Chance =>
  () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };

it('a perfect, fast simulated game is rare, and scores spread', async () => {
  const ctx = boardContext(redis);
  const chance = seededChance(2026);
  const scores: number[] = [];
  for (let i = 0; i < 200; i++)
    scores.push((await playSimulatedQuiz(ctx, randomStyle(chance), simulatedPlayer(), chance)).score);
  // 80 % of the maximum takes ten right answers at about 9 s or less, or nine at about 5.5 s:
  // about one game in 12 of the crowd's styles (14 of these 200); up to one in ten passes.
  const high = scores.filter((score) => score >= 0.8 * maxScore(10)).length;
  expect(high).toBeGreaterThan(0);
  expect(high).toBeLessThanOrEqual(20);
  expect(new Set(scores).size).toBeGreaterThan(150);
});

it('the demo boards are seeded once, with players today and on earlier days, oldest first', async () => {
  const ctx = boardContext(redis);
  const now = ctx.now();
  expect(await seedDemoBoard(ctx, 30)).toBe(30);
  const boards = await readBoards(ctx);
  expect(boards.all.entries).toHaveLength(30);
  expect(boards.day.entries).toHaveLength(10);
  const dates = boards.all.entries.map((entry) => entry.date).toSorted((a, b) => a - b);
  expect(dates[0]).toBeLessThan(now - 2 * 86_400_000);
  expect(dates.at(-1)).toBeLessThanOrEqual(now);
  expect(await seedDemoBoard(ctx, 30)).toBe(0);
  expect((await readTop(100, ctx)).entries).toHaveLength(30);
});
