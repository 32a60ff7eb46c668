import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LeaderboardContext } from '../../lib/leaderboard/context';
import { BOARD_SIZE, boardKeys } from '../../lib/leaderboard/keys';

/** A board of its own for each test (its own hash tag), on the run's shared Redis. */
export function boardContext(redis: Redis, size = BOARD_SIZE, now: () => number = Date.now): LeaderboardContext {
  return { redis, keys: boardKeys(`lb-${randomBytes(6).toString('hex')}`), size, now };
}

/** Every entry string of a board, found by SCAN: what a leak of pushed-out entries would show. */
export async function entryKeys(ctx: LeaderboardContext): Promise<string[]> {
  const keys: string[] = [];
  const stream = ctx.redis.scanStream({ match: `${ctx.keys.entryPrefix}*`, count: 1_000 });
  for await (const page of stream) keys.push(...(page as string[]));
  return keys.toSorted();
}

export const randomPoints = (max: number) => Math.floor(Math.random() * (max + 1));
