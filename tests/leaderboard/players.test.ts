import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hidePlayer,
  readBoards,
  readPlayerStanding,
  readTop,
  type LeaderboardChange,
  type LeaderboardContext,
} from '../../lib/leaderboard';
import { addEntry } from './entries';
import { liveBoardSuffixes } from '../../lib/leaderboard/players';
import { periodAt, PERIODS } from '../../lib/leaderboard/periods';
import { startSession, submitSession } from '../../lib/quiz';
import { connect, listenTo, testClock } from '../support';
import { boardContext, boardKey, entryKeys } from './support';
import { newPlayer } from '../quiz/support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const HOUR = 3_600_000;
/** A Tuesday noon, UTC: a day before stays in the same ISO week. */
const TUESDAY = Date.parse('2030-01-08T12:00:00Z');

/** A quiz session of `player` the server counted `score` for: the score is set as answering would have left it. */
async function sessionScoring(ctx: LeaderboardContext, score: number, player: string): Promise<string> {
  const { id } = await startSession(newPlayer(), ctx);
  await redis.hset(ctx.keys.quizSession(id), { score, player });
  return id;
}

/** Each board's rows of `player`: [entry id, name, score]. */
async function rowsOf(ctx: LeaderboardContext, player: string) {
  const boards = await readBoards(ctx);
  return Object.fromEntries(
    PERIODS.map((period) => [
      period,
      boards[period].entries.filter((row) => row.player === player).map((row) => [row.id, row.name, row.score]),
    ]),
  );
}

const everywhere = <T>(value: T) => ({ day: value, week: value, all: value });

describe('one row per player per board: their best', () => {
  it('a player submitting three sessions holds one row on each board, the best; a lower one changes nothing', async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const player = newPlayer();
    const otherPlayer = newPlayer();
    const other = await sessionScoring(ctx, 4_000, otherPlayer);
    expect((await submitSession(other, 'Other', otherPlayer, ctx)).improved).toEqual(everywhere(true));

    const first = await sessionScoring(ctx, 5_000, player);
    expect(await submitSession(first, 'Ana', player, ctx)).toMatchObject({
      player,
      ranks: everywhere(1),
      improved: everywhere(true),
    });
    const subscriber = await listenTo(redis, ctx.keys.changes);
    try {
      const lower = await sessionScoring(ctx, 3_000, player);
      expect(await submitSession(lower, 'Ana again', player, ctx)).toEqual({
        score: 3_000,
        player,
        rank: null,
        threshold: 0,
        ranks: everywhere(null),
        sharedBy: everywhere(0),
        listed: everywhere(false),
        improved: everywhere(false),
      });
      expect(await subscriber.take()).toEqual([]);
      expect(await redis.exists(ctx.keys.entry(lower))).toBe(0);
    } finally {
      await subscriber.close();
    }
    const best = await sessionScoring(ctx, 7_000, player);
    expect(await submitSession(best, 'Ana', player, ctx)).toMatchObject({
      ranks: everywhere(1),
      improved: everywhere(true),
    });

    expect(await rowsOf(ctx, player)).toEqual(everywhere([[best, 'Ana', 7_000]]));
    for (const period of PERIODS)
      expect((await readTop(100, ctx, period)).entries.map((row) => row.score)).toEqual([7_000, 4_000]);
    // The replaced row's string went with it: no orphan.
    expect(await entryKeys(ctx)).toEqual([best, other].map(ctx.keys.entry).toSorted());
    expect(await redis.exists(ctx.keys.entry(first))).toBe(0);
  });

  it('an equal score keeps the earlier row and stands where it does; a better one under a new name replaces it, and is published as one change', async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const player = newPlayer();
    await addEntry({ id: 'earlier', player, name: 'Bo', score: 600, date: TUESDAY }, ctx);
    expect(await addEntry({ id: 'equal', player, name: 'Bo 2', score: 600, date: TUESDAY }, ctx)).toMatchObject({
      ranks: everywhere(1),
      sharedBy: everywhere(1),
      listed: everywhere(true),
      improved: everywhere(false),
    });
    expect(await rowsOf(ctx, player)).toEqual(everywhere([['earlier', 'Bo', 600]]));

    const subscriber = await listenTo(redis, ctx.keys.changes);
    try {
      expect(
        await addEntry({ id: 'better', player, name: 'Bo the Great', score: 601, date: TUESDAY }, ctx),
      ).toMatchObject({
        ranks: everywhere(1),
        improved: everywhere(true),
      });
      const published = (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({
        type: 'entry-added',
        entry: { id: 'better', player, name: 'Bo the Great', score: 601 },
      });
    } finally {
      await subscriber.close();
    }
    expect(await rowsOf(ctx, player)).toEqual(everywhere([['better', 'Bo the Great', 601]]));
    expect(await entryKeys(ctx)).toEqual([ctx.keys.entry('better')]);
  });

  it("says per board whether the score beat the player's best there: a good game yesterday, a lesser one today", async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const player = newPlayer();
    await addEntry({ id: 'monday', player, name: 'Cy', score: 900, date: TUESDAY - 24 * HOUR }, ctx);
    const today = await addEntry({ id: 'tuesday', player, name: 'Cy', score: 500, date: TUESDAY }, ctx);
    expect(today.improved).toEqual({ day: true, week: false, all: false });
    expect(today.ranks).toEqual({ day: 1, week: null, all: null });
    expect(await rowsOf(ctx, player)).toEqual({
      day: [['tuesday', 'Cy', 500]],
      week: [['monday', 'Cy', 900]],
      all: [['monday', 'Cy', 900]],
    });
    // Both strings stay: each is some board's row.
    expect(await entryKeys(ctx)).toEqual(['monday', 'tuesday'].map(ctx.keys.entry).toSorted());
  });

  it('a full board: a player pushed off who comes back better holds one row, and nobody else loses theirs to them twice', async () => {
    const clock = testClock(TUESDAY);
    const ctx = boardContext(redis, 3, clock.now);
    const player = newPlayer();
    await addEntry({ id: 'p1', player, name: 'Di', score: 10, date: TUESDAY }, ctx);
    for (const [id, score] of [
      ['a', 20],
      ['b', 30],
      ['c', 40],
    ] as const)
      await addEntry({ id, name: id, score, date: TUESDAY }, ctx);
    expect((await rowsOf(ctx, player)).all).toEqual([]);
    expect(await redis.exists(ctx.keys.entry('p1'))).toBe(0);

    expect(await addEntry({ id: 'p2', player, name: 'Di', score: 35, date: TUESDAY }, ctx)).toMatchObject({
      ranks: everywhere(2),
    });
    expect(await addEntry({ id: 'p3', player, name: 'Di', score: 50, date: TUESDAY }, ctx)).toMatchObject({
      ranks: everywhere(1),
    });
    for (const period of PERIODS)
      expect((await readTop(3, ctx, period)).entries.map((row) => row.id)).toEqual(['p3', 'c', 'b']);
    expect(await entryKeys(ctx)).toEqual(['b', 'c', 'p3'].map(ctx.keys.entry).toSorted());
  });

  it('racing submits of one player leave one row per board, their best', async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const player = newPlayer();
    const scores = Array.from({ length: 20 }, (_, i) => 100 + ((i * 7) % 20) * 10);
    const sessions = await Promise.all(scores.map((score) => sessionScoring(ctx, score, player)));
    await Promise.all(sessions.map((id, i) => submitSession(id, `Racer ${i}`, player, ctx)));
    const rows = await rowsOf(ctx, player);
    for (const period of PERIODS)
      expect(rows[period]).toEqual([
        [sessions[scores.indexOf(Math.max(...scores))]!, expect.any(String), Math.max(...scores)],
      ]);
    expect(await entryKeys(ctx)).toHaveLength(1);
  });
});

/** Players counted in a board's histogram (the sum of its buckets). */
async function playersCounted(ctx: LeaderboardContext, suffix: string): Promise<number> {
  return Object.values(await redis.hgetall(ctx.keys.histogramPrefix + suffix)).reduce(
    (sum, count) => sum + Number(count),
    0,
  );
}

describe('hiding a player', () => {
  it('takes their rows off every board that still exists, publishes it once, and keeps their later submits off', async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const cheat = newPlayer();
    const yesterday = TUESDAY - 24 * HOUR;
    await addEntry({ id: 'cheat-mon', player: cheat, name: 'Bot', score: 9_990, date: yesterday }, ctx);
    await addEntry({ id: 'cheat-tue', player: cheat, name: 'Bot', score: 9_000, date: TUESDAY }, ctx);
    await addEntry({ id: 'honest', name: 'Honest', score: 4_200, date: TUESDAY }, ctx);
    const mondayBoard = boardKey(ctx, 'day', yesterday);
    expect(await redis.zcard(mondayBoard)).toBe(1);
    const suffixes = liveBoardSuffixes(TUESDAY);
    expect(suffixes).toEqual([
      'all',
      'day:2030-01-08',
      'day:2030-01-07',
      'day:2030-01-06',
      'week:2030-W02',
      'week:2030-W01',
      'week:2029-W52',
    ]);

    const subscriber = await listenTo(redis, ctx.keys.changes);
    try {
      const version = (await readBoards(ctx)).all.version;
      // Today's row, Monday's (on Monday's board, the week's and all time's).
      expect(await hidePlayer(cheat, ctx)).toBe(4);
      const published = (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
      expect(published).toEqual([{ type: 'player-hidden', version: version + 1, player: cheat }]);
      expect(await hidePlayer(cheat, ctx)).toBe(0);
      expect(await subscriber.take()).toEqual([]);
    } finally {
      await subscriber.close();
    }
    for (const period of PERIODS)
      expect((await readTop(100, ctx, period)).entries.map((row) => row.name)).toEqual(['Honest']);
    expect(await redis.zcard(mondayBoard)).toBe(0);
    expect(await entryKeys(ctx)).toEqual([ctx.keys.entry('honest')]);
    // Out of the histograms too: the places of others count without them.
    expect(await playersCounted(ctx, 'all')).toBe(1);
    expect(await playersCounted(ctx, `day:${periodAt('day', yesterday).id}`)).toBe(0);

    const later = await submitSession(await sessionScoring(ctx, 9_999, cheat), 'Bot again', cheat, ctx);
    expect(later).toMatchObject({ ranks: everywhere(null), improved: everywhere(false) });
    expect(await rowsOf(ctx, cheat)).toEqual(everywhere([]));
    expect(await playersCounted(ctx, 'all')).toBe(1);
    expect(await entryKeys(ctx)).toEqual([ctx.keys.entry('honest')]);
  });
});

describe('a place for every player: the score histogram', () => {
  it('ranks a player far below a board of 5 within their 100-point bucket, counts each player once at their best, and gives the percentile', async () => {
    const ctx = boardContext(redis, 5, () => TUESDAY);
    const players = Array.from({ length: 60 }, () => newPlayer());
    const bests = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      for (const [i, player] of players.entries()) {
        const score = Math.floor(Math.random() * 10_001);
        await addEntry({ id: `r${round}-${i}`, player, name: `P${i}`, score, date: TUESDAY }, ctx);
        bests.set(player, Math.max(bests.get(player) ?? -1, score));
      }
    }
    const all = [...bests.values()];
    const bucket = (points: number) => Math.floor(points / 100);
    for (const player of players) {
      const mine = bests.get(player)!;
      const { hidden, boards } = await readPlayerStanding(player, ctx);
      expect(hidden).toBe(false);
      for (const period of PERIODS) {
        const standing = boards[period];
        expect(standing.best).toBe(mine);
        expect(standing.players).toBe(60);
        const best = 1 + all.filter((points) => points > mine).length;
        const worst = all.filter((points) => points >= mine).length;
        expect(standing.approximateRank!.from).toBeLessThanOrEqual(best);
        expect(standing.approximateRank!.to).toBeGreaterThanOrEqual(worst);
        // Within the bucket: the bounds are exactly the players above it and those in it.
        expect(standing.approximateRank).toEqual({
          from: 1 + all.filter((points) => bucket(points) > bucket(mine)).length,
          to: all.filter((points) => bucket(points) >= bucket(mine)).length,
        });
        expect(standing.betterThan).toBe(
          Math.floor((100 * all.filter((points) => bucket(points) < bucket(mine)).length) / 60),
        );
        // On the board of 5 (one row per player), the rank is exact.
        if (worst <= 5) expect(standing.rank).not.toBeNull();
        if (standing.rank !== null) expect(standing.rank >= best && standing.rank <= Math.min(worst, 5)).toBe(true);
      }
    }
    // The histogram stays constant-size: at most one field per 100 points, however many play.
    expect(Object.keys(await redis.hgetall(ctx.keys.histogramPrefix + 'all')).length).toBeLessThanOrEqual(101);
    const onBoard = (await readTop(5, ctx)).entries;
    for (const row of onBoard) expect((await readPlayerStanding(row.player, ctx)).boards.all.rank).toBe(row.rank);
    const stranger = await readPlayerStanding(newPlayer(), ctx);
    expect(stranger.boards.all).toEqual({
      best: null,
      rank: null,
      approximateRank: null,
      players: 60,
      betterThan: null,
    });
  });

  it("a new day's histogram starts empty, yesterday's players still count on the week and all time", async () => {
    const clock = testClock(TUESDAY);
    const ctx = boardContext(redis, 5, clock.now);
    const player = newPlayer();
    await addEntry({ id: 'tue', player, name: 'Ed', score: 4_321, date: TUESDAY }, ctx);
    await addEntry({ id: 'other', name: 'Fi', score: 1_000, date: TUESDAY }, ctx);
    clock.advance(24 * HOUR);
    const { boards } = await readPlayerStanding(player, ctx);
    expect(boards.day).toEqual({ best: null, rank: null, approximateRank: null, players: 0, betterThan: null });
    expect(boards.week).toEqual({
      best: 4_321,
      rank: 1,
      approximateRank: { from: 1, to: 1 },
      players: 2,
      betterThan: 50,
    });
    expect(await redis.pexpiretime(ctx.keys.histogramPrefix + `day:${periodAt('day', TUESDAY).id}`)).toBe(
      periodAt('day', TUESDAY).expiresAt,
    );
    expect(await redis.pexpiretime(ctx.keys.bestsPrefix + `week:${periodAt('week', TUESDAY).id}`)).toBe(
      periodAt('week', TUESDAY).expiresAt,
    );
  });
});
