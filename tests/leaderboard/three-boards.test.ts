import type { RedisClient } from '../../lib/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readBoards,
  readTop,
  removeEntry,
  type BoardEntry,
  type LeaderboardChange,
  type Period,
} from '../../lib/leaderboard';
import { addEntry } from './entries';
import { periodAt, PERIODS } from '../../lib/leaderboard/periods';
import { NotFoundError } from '../../lib/errors';
import { connect, listenTo, testClock } from '../support';
import { boardContext, boardKey, boardKeysFound, entryKeys, randomPoints } from './support';

const CONNECTIONS = 5;
let clients: RedisClient[];
let redis: RedisClient;
beforeAll(async () => {
  clients = await Promise.all(Array.from({ length: CONNECTIONS }, connect));
  redis = clients[0]!;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
});

const HOUR = 3_600_000;
/** A Tuesday noon, UTC: three days from here stay in one ISO week. */
const TUESDAY = Date.parse('2030-01-08T12:00:00Z');
const entry = (id: string, score: number, date: number): BoardEntry => ({
  id,
  player: id,
  name: `Player ${id}`,
  score,
  date,
});

/** What a board of `period` holding `time` must show: the best `size` of its period, ties by arrival. */
function expectedBoard(arrivals: BoardEntry[], period: Period, time: number, size: number): string[] {
  const span = periodAt(period, time);
  return arrivals
    .map((item, arrival) => ({ item, arrival }))
    .filter(({ item }) => periodAt(period, item.date).id === span.id)
    .toSorted((a, b) => b.item.score - a.item.score || a.arrival - b.arrival)
    .slice(0, size)
    .map(({ item }) => item.id);
}

const idsOn = async (ctx: Parameters<typeof readTop>[1], period: Period, time: number) =>
  (await readTop(ctx!.size, { ...ctx!, now: () => time }, period)).entries.map((row) => row.id);

describe('today, this week and all time', () => {
  it('a new day starts an empty day board while the week and all time boards keep their entries', async () => {
    const clock = testClock(Date.parse('2030-01-08T23:59:00Z'));
    const ctx = boardContext(redis, 100, clock.now);
    expect(await addEntry(entry('late', 5, clock.now()), ctx)).toMatchObject({
      rank: 1,
      threshold: 0,
      ranks: { day: 1, week: 1, all: 1 },
    });

    clock.set(Date.parse('2030-01-09T00:00:30Z'));
    const boards = await readBoards(ctx);
    expect(boards.day.entries).toEqual([]);
    expect(boards.day.span.id).toBe('2030-01-09');
    expect(boards.week.entries.map((row) => row.id)).toEqual(['late']);
    expect(boards.all.entries.map((row) => row.id)).toEqual(['late']);

    expect(await addEntry(entry('early', 1, clock.now()), ctx)).toMatchObject({
      rank: 2,
      threshold: 0,
      ranks: { day: 1, week: 2, all: 2 },
    });
    expect((await readTop(100, ctx, 'day')).entries.map((row) => row.id)).toEqual(['early']);
    // Yesterday's board is still there until it expires on its own, two days after it ended.
    expect(await idsOn(ctx, 'day', Date.parse('2030-01-08T12:00:00Z'))).toEqual(['late']);
    expect(await redis.pexpiretime(boardKey(ctx, 'day', Date.parse('2030-01-08T12:00:00Z')))).toBe(
      periodAt('day', Date.parse('2030-01-08T12:00:00Z')).expiresAt,
    );
    expect(await redis.pexpiretime(boardKey(ctx, 'all'))).toBe(-1);
  });

  for (const size of [100, 20]) {
    it(`150 random submits over three days leave every board at most ${size}, exactly the best of its period, no orphan strings`, async () => {
      const ctx = boardContext(redis, size);
      const arrivals: BoardEntry[] = [];
      for (let i = 0; i < 150; i++) {
        const date = TUESDAY + Math.floor((i / 150) * 60 * HOUR) + randomPoints(1000);
        const item = entry(`e${i}`, randomPoints(40), date);
        arrivals.push(item);
        const added = await addEntry(item, ctx);
        for (const period of PERIODS) {
          const rank = added.ranks[period];
          const board = await readTop(size, { ...ctx, now: () => date }, period);
          expect(board.entries.length).toBeLessThanOrEqual(size);
          if (rank !== null && added.listed[period])
            expect(board.entries.find((row) => row.id === item.id)!.rank).toBe(rank);
          // A tie at the last place of a full board: ranked beside it, without a row.
          else if (rank !== null)
            expect([item.score, board.entries.at(-1)!.score, board.entries.at(-1)!.rank]).toEqual([
              board.threshold,
              board.threshold,
              rank,
            ]);
        }
      }
      const onBoards = new Set<string>();
      /** The latest expiry among the period boards holding each entry; null while all time holds it. */
      const lifetime = new Map<string, number | null>();
      for (const day of [0, 1, 2]) {
        const time = TUESDAY + day * 24 * HOUR;
        for (const period of PERIODS) {
          const ids = await idsOn(ctx, period, time);
          expect(ids, `${period} of day ${day}`).toEqual(expectedBoard(arrivals, period, time, size));
          ids.forEach((id) => onBoards.add(id));
          const { expiresAt } = periodAt(period, time);
          for (const id of ids)
            if (lifetime.get(id) !== null)
              lifetime.set(id, expiresAt === null ? null : Math.max(expiresAt, lifetime.get(id) ?? 0));
        }
      }
      expect((await boardKeysFound(ctx)).length).toBe(5); // three days, one week, all time
      for (const key of await boardKeysFound(ctx)) expect(await redis.zcard(key)).toBeLessThanOrEqual(size);
      // Every string belongs to an entry some board holds, and lives no longer than the last of them.
      expect(await entryKeys(ctx)).toEqual([...onBoards].map(ctx.keys.entry).toSorted());
      for (const [id, expiresAt] of lifetime)
        expect(await redis.pexpiretime(ctx.keys.entry(id)), id).toBe(expiresAt ?? -1);
    });
  }

  it('50 concurrent submits keep all three boards exact', async () => {
    const ctx = boardContext(redis, 100, () => TUESDAY);
    const yesterday = TUESDAY - 24 * HOUR;
    // Full boards of even scores (60 yesterday, 60 today); 50 racing odd scores today.
    const old = Array.from({ length: 120 }, (_, i) => entry(`old${i}`, 2 * i, i % 2 ? yesterday : TUESDAY));
    for (const item of old) await addEntry(item, ctx);
    const racing = Array.from({ length: 50 }, (_, i) => entry(`new${i}`, 4 * i + 1, TUESDAY));

    const results = await Promise.all(
      racing.map((item, i) => addEntry(item, { ...ctx, redis: clients[i % CONNECTIONS]! })),
    );

    const everyone = [...old, ...racing];
    const byScore = (items: BoardEntry[]) =>
      items
        .toSorted((a, b) => b.score - a.score)
        .slice(0, 100)
        .map((item) => item.id);
    const boards = await readBoards(ctx);
    expect(boards.day.entries.map((row) => row.id)).toEqual(byScore(everyone.filter((item) => item.date === TUESDAY)));
    expect(boards.week.entries.map((row) => row.id)).toEqual(byScore(everyone));
    expect(boards.all.entries.map((row) => row.id)).toEqual(byScore(everyone));
    for (const period of PERIODS) expect(await redis.zcard(boardKey(ctx, period))).toBe(100);
    const yesterdays = await idsOn(ctx, 'day', yesterday);
    expect(yesterdays).toEqual(byScore(old.filter((item) => item.date === yesterday)));
    const kept = new Set(
      [...boards.day.entries, ...boards.week.entries, ...boards.all.entries].map((row) => row.id).concat(yesterdays),
    );
    expect(await entryKeys(ctx)).toEqual([...kept].map(ctx.keys.entry).toSorted());
    racing.forEach((item, i) => {
      for (const period of PERIODS) {
        const rank = boards[period].entries.findIndex((row) => row.id === item.id);
        if (rank >= 0) expect(results[i]!.ranks[period], `${item.id} on ${period}`).not.toBeNull();
      }
    });
  });

  it('removal takes an entry off every board, deletes its string once, and publishes it', async () => {
    const ctx = boardContext(redis, 3, () => TUESDAY);
    const subscriber = await listenTo(redis, ctx.keys.changes);
    try {
      await addEntry(entry('old', 9, TUESDAY - 24 * HOUR), ctx);
      for (const [id, score] of [
        ['a', 5],
        ['rude', 7],
        ['b', 3],
      ] as const)
        await addEntry(entry(id, score, TUESDAY), ctx);
      await addEntry(entry('c', 8, TUESDAY), ctx); // pushes b off today's and the week's, then the all time board
      const before = (await readBoards(ctx)).all.version;
      await subscriber.take();

      await removeEntry('rude', ctx);
      const boards = await readBoards(ctx);
      for (const period of PERIODS)
        expect(
          boards[period].entries.map((row) => row.id),
          period,
        ).not.toContain('rude');
      expect(boards.day.entries.map((row) => row.id)).toEqual(['c', 'a']);
      expect(boards.all.entries.map((row) => row.id)).toEqual(['old', 'c']);
      expect(await redis.exists(ctx.keys.entry('rude'))).toBe(0);
      expect(await entryKeys(ctx)).toEqual(['a', 'c', 'old'].map(ctx.keys.entry).toSorted());
      const published = (await subscriber.take()).map((message) => JSON.parse(message) as LeaderboardChange);
      expect(published).toEqual([{ type: 'entry-removed', version: before + 1, id: 'rude' }]);

      await expect(removeEntry('rude', ctx)).rejects.toThrow(NotFoundError);
      await expect(removeEntry('never-there', ctx)).rejects.toThrow(NotFoundError);
      expect((await readBoards(ctx)).all.version).toBe(before + 1);
    } finally {
      await subscriber.close();
    }
  });
});

describe('an entry of a period long gone', () => {
  it('lands on no board that outlives its period, and leaves no string behind', async () => {
    const now = Date.now();
    const ctx = boardContext(redis, 2, () => now);
    for (const [id, score] of [
      ['a', 9],
      ['b', 8],
    ] as const)
      await addEntry(entry(id, score, now), ctx);
    // A month ago: the all time board is full with better scores, the day and week boards of then are long expired.
    const old = await addEntry(entry('old', 1, now - 30 * 24 * HOUR), ctx);
    expect(old.ranks).toEqual({ day: 1, week: 1, all: null });
    expect(old.ranks.all).toBeNull();
    expect(await redis.exists(ctx.keys.entry('old'))).toBe(0);
    expect(await entryKeys(ctx)).toEqual(['a', 'b'].map(ctx.keys.entry).toSorted());
    expect(await boardKeysFound(ctx)).toHaveLength(3);
  });
});
