import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import { BOARD_SIZE, boardKeys } from '../../lib/leaderboard/keys';
import { periodAt, type Period } from '../../lib/leaderboard/periods';

/** Boards of their own for each test (their own hash tag), on the run's shared Redis. */
export function boardContext(redis: Redis, size = BOARD_SIZE, now: () => number = Date.now): LeaderboardContext {
  return { redis, keys: boardKeys(`lb-${randomBytes(6).toString('hex')}`), size, now };
}

/** The key of the `period` board holding `time` (the all time board by default). */
export const boardKey = (ctx: LeaderboardContext, period: Period = 'all', time = ctx.now()) => ctx.keys.board(periodAt(period, time));

async function scan(ctx: LeaderboardContext, match: string): Promise<string[]> {
  const keys: string[] = [];
  const stream = ctx.redis.scanStream({ match, count: 1_000 });
  for await (const page of stream) keys.push(...(page as string[]));
  return keys.toSorted();
}

/** Every entry string of the boards, found by SCAN: what a leak of pushed-out entries would show. */
export const entryKeys = (ctx: LeaderboardContext) => scan(ctx, `${ctx.keys.entryPrefix}*`);

/** Every board key, found by SCAN. */
export const boardKeysFound = (ctx: LeaderboardContext) => scan(ctx, `${ctx.keys.boardPrefix}*`);

export const randomPoints = (max: number) => Math.floor(Math.random() * (max + 1));
