import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERIODS,
  readBoards,
  readPlayerStanding,
  type Boards,
  type LeaderboardChange,
  type LeaderboardContext,
} from '../../lib/leaderboard';
import { applyBoardsChange } from '../../lib/leaderboard/client-state';
import { QUESTIONS_PER_SESSION, startSession, submitSession, type SubmitResult } from '../../lib/quiz';
import type { RedisClient } from '../../lib/redis/client';
import { answerAll, maxScore, newPlayer, rightChoice, wrongChoice } from '../quiz/support';
import { connect, listenTo } from '../support';
import { boardContext, boardKey, entryKeys } from './support';

const HOUR = 3_600_000;
/** A Tuesday noon, UTC: the Monday before is in the same ISO week. */
const TUESDAY = Date.parse('2030-01-08T12:00:00Z');
const PERFECT = maxScore(QUESTIONS_PER_SESSION);
const everywhere = <T>(value: T) => ({ day: value, week: value, all: value });

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

/** A whole game played through the quiz, every answer right at once (timed at the floor): a perfect game, 9,690. */
async function perfectGame(ctx: LeaderboardContext, player = newPlayer()): Promise<SubmitResult> {
  const session = await startSession(player, ctx);
  await answerAll(session, ctx);
  return submitSession(session.id, `Ace ${player.slice(0, 4)}`, player, ctx);
}

async function games(ctx: LeaderboardContext, count: number): Promise<SubmitResult[]> {
  const results: SubmitResult[] = [];
  for (let i = 0; i < count; i++) results.push(await perfectGame(ctx));
  return results;
}

describe('equal scores share a rank: a board full of perfect games stays alive at the top', () => {
  it('the 101st perfect game is tied for 1st on every board, told so, and the boards show the tie (100 rows each)', async () => {
    let now = TUESDAY - 24 * HOUR;
    const ctx = boardContext(redis, 100, () => now);
    expect(PERFECT).toBe(9_690);
    // Monday: 50 perfect games (this week's and the all time board); Tuesday: 50 more.
    await games(ctx, 50);
    now = TUESDAY;
    const tuesday = await games(ctx, 50);
    expect(tuesday.at(-1)).toMatchObject({
      score: PERFECT,
      rank: 1,
      ranks: everywhere(1),
      sharedBy: { day: 50, week: 100, all: 100 },
      listed: everywhere(true),
    });

    const before = await readBoards(ctx);
    const subscriber = await listenTo(redis, ctx.keys.changes);
    let change: LeaderboardChange | undefined;
    let hundredFirst: SubmitResult;
    try {
      hundredFirst = await perfectGame(ctx);
      [change] = (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
    } finally {
      await subscriber.close();
    }
    // Today's board has room: a row. This week's and the all time board are full: the rank, no row.
    expect(hundredFirst).toMatchObject({
      score: PERFECT,
      rank: 1,
      threshold: PERFECT,
      ranks: everywhere(1),
      sharedBy: { day: 51, week: 101, all: 101 },
      listed: { day: true, week: false, all: false },
    });
    const after = await readBoards(ctx);
    expect(after.day).toMatchObject({ threshold: 0, lastPlacePlayers: 0 });
    expect(after.day.entries).toHaveLength(51);
    for (const period of ['week', 'all'] as const) {
      expect(after[period]).toMatchObject({ threshold: PERFECT, lastPlacePlayers: 101 });
      expect(after[period].entries).toHaveLength(100);
      expect(new Set(after[period].entries.map((row) => row.rank))).toEqual(new Set([1]));
      // The first 100 to reach it keep their rows.
      expect(after[period].entries.map((row) => row.id)).toEqual(before[period].entries.map((row) => row.id));
      expect(await redis.zcard(boardKey(ctx, period))).toBe(100);
    }
    // The live board learns the tie from the one change published, and ends where a fresh read does.
    expect(change!).toMatchObject({
      type: 'entry-added',
      boards: {
        week: { rank: 1, listed: false, lastPlacePlayers: 101 },
        all: { rank: 1, listed: false, lastPlacePlayers: 101 },
      },
    });
    expect(applyBoardsChange(before, change!)).toEqual(after);

    // The player's own standing names the rank too, not the histogram's range.
    const standing = await readPlayerStanding(hundredFirst.player, ctx);
    for (const period of PERIODS) expect(standing.boards[period]).toMatchObject({ best: PERFECT, rank: 1 });

    // Today's board fills too: its 101st perfect game is tied for 1st with 101 there, and 151 on the others.
    const more = await games(ctx, 50);
    expect(more.at(-1)).toMatchObject({
      rank: 1,
      ranks: everywhere(1),
      sharedBy: { day: 101, week: 151, all: 151 },
      listed: everywhere(false),
      threshold: PERFECT,
    });
    const full: Boards = await readBoards(ctx);
    for (const period of PERIODS) {
      expect(full[period].entries).toHaveLength(100);
      expect(full[period].lastPlacePlayers).toBe(period === 'day' ? 101 : 151);
    }
    // Rows that took no place store nothing: one string per row held somewhere.
    expect((await entryKeys(ctx)).length).toBe(
      new Set(PERIODS.flatMap((period) => full[period].entries.map((row) => row.id))).size,
    );
  });

  it('a player who ties their own best stands where it does; a lower score than the tie ranks nowhere', async () => {
    const now = TUESDAY;
    const ctx = boardContext(redis, 3, () => now);
    const first = newPlayer();
    await perfectGame(ctx, first);
    await games(ctx, 3);
    // Equal to their own best: their row, first to reach it, stays; the count of the tie does not move.
    expect(await perfectGame(ctx, first)).toMatchObject({
      rank: 1,
      sharedBy: everywhere(4),
      listed: everywhere(true),
      improved: everywhere(false),
    });
    const session = await startSession(newPlayer(), ctx);
    await answerAll(session, ctx, (question, i) => (i === 0 ? wrongChoice(question) : rightChoice(question)));
    const lower = await submitSession(
      session.id,
      'Almost',
      (await redis.hget(ctx.keys.quizSession(session.id), 'player'))!,
      ctx,
    );
    expect(lower.score).toBeLessThan(PERFECT);
    expect(lower).toMatchObject({ rank: null, ranks: everywhere(null), sharedBy: everywhere(0), threshold: PERFECT });
    expect((await readBoards(ctx)).all).toMatchObject({ threshold: PERFECT, lastPlacePlayers: 4 });
  });
});
