import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis/client';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import { BOARD_SIZE, boardKeys } from '../../lib/leaderboard/keys';
import { keysMatching } from '../support';

/** A board of its own for each test (its own hash tag), on the run's shared Redis. */
export function boardContext(redis: RedisClient, size = BOARD_SIZE, now: () => number = Date.now): LeaderboardContext {
  return { redis, keys: boardKeys(`lb-${randomBytes(6).toString('hex')}`), size, now };
}

/** Every entry string of a board, found by KEYS on every master: what a leak of pushed-out entries would show. */
export async function entryKeys(ctx: LeaderboardContext): Promise<string[]> {
  return keysMatching(ctx.redis, `${ctx.keys.entryPrefix}*`);
}

export const randomPoints = (max: number) => Math.floor(Math.random() * (max + 1));
