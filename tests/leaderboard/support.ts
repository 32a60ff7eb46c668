import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis/client';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import { BOARD_SIZE, boardKeys } from '../../lib/leaderboard/keys';
import { periodAt, type Period } from '../../lib/leaderboard/periods';
import { keysMatching } from '../support';

/** Boards of their own for each test (their own hash tag), on the run's shared Redis. */
export function boardContext(redis: RedisClient, size = BOARD_SIZE, now: () => number = Date.now): LeaderboardContext {
  return { redis, keys: boardKeys(`lb-${randomBytes(6).toString('hex')}`), size, now };
}

/** The key of the `period` board holding `time` (the all time board by default). */
export const boardKey = (ctx: LeaderboardContext, period: Period = 'all', time = ctx.now()) =>
  ctx.keys.board(periodAt(period, time));

/** Every entry string of the boards, found by KEYS on every master: what a leak of pushed-out entries would show. */
export const entryKeys = (ctx: LeaderboardContext) => keysMatching(ctx.redis, `${ctx.keys.entryPrefix}*`);

/** Every board key, found the same way. */
export const boardKeysFound = (ctx: LeaderboardContext) => keysMatching(ctx.redis, `${ctx.keys.boardPrefix}*`);

export const randomPoints = (max: number) => Math.floor(Math.random() * (max + 1));
