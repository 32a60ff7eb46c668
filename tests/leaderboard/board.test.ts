import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionRanks, readTop, type BoardEntry } from '../../lib/leaderboard';
import { addEntry } from './entries';
import { connect } from '../support';
import { boardContext, boardKey, entryKeys, randomPoints } from './support';

let redis: RedisClient;
beforeAll(async () => {
  redis = await connect();
});
afterAll(async () => {
  await redis.quit();
});

const entry = (id: string, score: number, date = Date.now()): BoardEntry => ({
  id,
  player: id,
  name: `Player ${id}`,
  score,
  date,
});

/** The board the rules call for: more points first, then whoever got there first. */
function expectedTop(arrivals: BoardEntry[], size: number): string[] {
  return arrivals
    .map((item, arrival) => ({ item, arrival }))
    .toSorted((a, b) => b.item.score - a.item.score || a.arrival - b.arrival)
    .slice(0, size)
    .map(({ item }) => item.id);
}

describe('the capped leaderboard', () => {
  it('reads an empty board as empty', async () => {
    const ctx = boardContext(redis);
    expect(await readTop(100, ctx)).toMatchObject({ version: 0, threshold: 0, size: 100, entries: [] });
  });

  it('keeps exactly the 100 highest of 150 random scores, in order, with no orphan entry strings', async () => {
    const ctx = boardContext(redis);
    const arrivals = Array.from({ length: 150 }, (_, i) => entry(`e${i}`, randomPoints(40)));
    for (const item of arrivals) {
      const added = await addEntry(item, ctx);
      const board = await readTop(100, ctx);
      expect(board.entries.length).toBeLessThanOrEqual(100);
      if (added.rank === null) expect(item.score).toBeLessThan(added.threshold);
      else if (added.listed.all) expect(board.entries.find((row) => row.id === item.id)!.rank).toBe(added.rank);
      // A tie at the last place of a full board: ranked beside it, without a row.
      else
        expect([item.score, board.entries.at(-1)!.score, board.entries.at(-1)!.rank]).toEqual([
          added.threshold,
          added.threshold,
          added.rank,
        ]);
    }
    const board = await readTop(100, ctx);
    const expected = expectedTop(arrivals, 100);
    expect(board.entries.map((row) => row.id)).toEqual(expected);
    expect(board.entries.map((row) => row.rank)).toEqual(
      competitionRanks(board.entries.map(({ score }) => ({ score }))).map((row) => row.rank),
    );
    expect(await redis.zcard(boardKey(ctx))).toBe(100);
    expect(await entryKeys(ctx)).toEqual(expected.map(ctx.keys.entry).toSorted());
    expect(board.threshold).toBe(board.entries[99]!.score);
    expect(board.lastPlacePlayers).toBe(arrivals.filter((item) => item.score === board.threshold).length);
  });

  it('shares a rank between equal scores ("1224"), listing them by who reached them first', async () => {
    const ctx = boardContext(redis);
    const later = Date.now();
    // Dates say nothing about the order: arrival does (a clock may be skewed between instances).
    expect(await addEntry(entry('first', 7, later), ctx)).toMatchObject({
      rank: 1,
      threshold: 0,
      sharedBy: { all: 1 },
    });
    expect(await addEntry(entry('second', 7, later - 60_000), ctx)).toMatchObject({
      rank: 1,
      threshold: 0,
      sharedBy: { all: 2 },
    });
    expect(await addEntry(entry('higher', 8), ctx)).toMatchObject({ rank: 1, threshold: 0, sharedBy: { all: 1 } });
    expect(await addEntry(entry('third', 7), ctx)).toMatchObject({ rank: 2, threshold: 0, sharedBy: { all: 3 } });
    expect(await addEntry(entry('last', 6), ctx)).toMatchObject({ rank: 5, sharedBy: { all: 1 } });
    const { entries } = await readTop(10, ctx);
    expect(entries.map((row) => [row.id, row.rank])).toEqual([
      ['higher', 1],
      ['first', 2],
      ['second', 2],
      ['third', 2],
      ['last', 5],
    ]);
  });

  it('ranks a score that ties the last place of a full board beside it, without a row: the earlier rows keep theirs', async () => {
    const ctx = boardContext(redis, 3);
    for (const [id, score] of [
      ['a', 5],
      ['b', 4],
      ['c', 3],
    ] as const)
      await addEntry(entry(id, score), ctx);
    expect(await addEntry(entry('tie', 3), ctx)).toMatchObject({
      rank: 3,
      threshold: 3,
      ranks: { all: 3 },
      sharedBy: { all: 2 },
      listed: { all: false },
    });
    expect(await redis.exists(ctx.keys.entry('tie'))).toBe(0);
    expect(await readTop(3, ctx)).toMatchObject({ threshold: 3, lastPlacePlayers: 2 });
    expect(await addEntry(entry('below', 2), ctx)).toMatchObject({
      rank: null,
      threshold: 3,
      sharedBy: { all: 0 },
      listed: { all: false },
    });
    expect(await addEntry(entry('in', 4), ctx)).toMatchObject({
      rank: 2,
      threshold: 4,
      sharedBy: { all: 2 },
      listed: { all: true },
    });
    const board = await readTop(3, ctx);
    expect(board.entries.map((row) => [row.id, row.rank])).toEqual([
      ['a', 1],
      ['b', 2],
      ['in', 2],
    ]);
    expect(board.lastPlacePlayers).toBe(2);
    expect(await entryKeys(ctx)).toEqual(['a', 'b', 'in'].map(ctx.keys.entry).toSorted());
  });

  it('trims a board of 3 (and never errs on a board shorter than its size)', async () => {
    const ctx = boardContext(redis, 3);
    expect(await addEntry(entry('only', 1), ctx)).toMatchObject({ rank: 1, threshold: 0 });
    for (let i = 0; i < 6; i++) await addEntry(entry(`t${i}`, 10 + i), ctx);
    const board = await readTop(3, ctx);
    expect(board.entries.map((row) => [row.rank, row.id, row.score])).toEqual([
      [1, 't5', 15],
      [2, 't4', 14],
      [3, 't3', 13],
    ]);
    expect(await entryKeys(ctx)).toEqual(['t3', 't4', 't5'].map(ctx.keys.entry).toSorted());
  });

  it('reads exactly N entries (the seed read N + 1), or all of a shorter board', async () => {
    const ctx = boardContext(redis);
    for (let i = 0; i < 120; i++) await addEntry(entry(`n${i}`, i), ctx);
    expect((await readTop(100, ctx)).entries).toHaveLength(100);
    expect((await readTop(1, ctx)).entries.map((row) => row.id)).toEqual(['n119']);
    expect((await readTop(10, ctx)).entries.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const short = boardContext(redis);
    for (let i = 0; i < 4; i++) await addEntry(entry(`s${i}`, i), short);
    expect((await readTop(100, short)).entries).toHaveLength(4);
    await expect(readTop(0, short)).rejects.toThrow(RangeError);
    await expect(readTop(101, short)).rejects.toThrow(RangeError);
  });

  it('stores each entry once, as the JSON string {id, player, name, score, date, member, boards}, names of any script kept as they are', async () => {
    const ctx = boardContext(redis);
    const item = { id: 'json', player: 'json-player', name: 'Zoë 李 <b>"/"</b>', score: 9, date: 1_800_000_000_123 };
    await addEntry(item, ctx);
    expect(JSON.parse((await redis.get(ctx.keys.entry('json')))!)).toEqual({
      ...item,
      member: `${'9'.repeat(14)}8:json`,
      boards: ['day:2027-01-15', 'week:2027-W02', 'all'],
    });
    expect((await readTop(1, ctx)).entries).toEqual([{ ...item, rank: 1 }]);
  });
});
