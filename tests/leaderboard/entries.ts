import type { LeaderboardContext } from '../../lib/leaderboard/context';
import type { BoardEntry } from '../../lib/leaderboard/types';
import { submitSession } from '../../lib/quiz';
import type { SubmitResult } from '../../lib/quiz/types';

export type TestEntry = Omit<BoardEntry, 'player'> & { player?: string };

/**
 * An entry of `score` on the boards, through the product's own submit: a quiz session played to
 * that score (its hash, as start-session.lua and answer-question.lua leave it) and submitted at
 * `date` (ms: the boards of that day and week). Without a `player` it stands for a player of its own.
 */
export async function addEntry(
  { id, player = id, name, score, date }: TestEntry,
  ctx: LeaderboardContext,
): Promise<SubmitResult> {
  await ctx.redis.hset(ctx.keys.quizSession(id), { player, started: date, last: date, score, answered: 10, order: '' });
  return submitSession(id, name, player, { ...ctx, now: () => date });
}
