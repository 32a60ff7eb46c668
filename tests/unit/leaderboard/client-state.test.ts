import { describe, expect, it } from 'vitest';
import { applyBoardChange, arrivedOnBoards, msUntilRollover } from '../../../lib/leaderboard/client-state';
import { periodAt } from '../../../lib/leaderboard/periods';
import type { Board, LeaderboardChange, RankedEntry } from '../../../lib/leaderboard/types';

const NOW = Date.parse('2030-01-08T12:00:00Z');
const TODAY = periodAt('day', NOW);
const row = (id: string, score: number, rank: number): RankedEntry => ({
  id,
  player: id,
  name: id,
  score,
  date: 1,
  rank,
});
const board = (entries: RankedEntry[], size = 3): Board => ({
  version: 5,
  threshold: 0,
  lastPlacePlayers: 0,
  size,
  span: TODAY,
  entries,
});
const added = (
  version: number,
  entry: RankedEntry,
  threshold = 0,
  day = TODAY.id,
  lastPlacePlayers = 0,
): LeaderboardChange => {
  const { rank, ...rest } = entry;
  const place = (id: string) => ({ id, rank, listed: true, threshold, lastPlacePlayers });
  return {
    type: 'entry-added',
    version,
    entry: rest,
    boards: { day: place(day), week: place('2030-W02'), all: place('all') },
  };
};

describe('the browser model of a leaderboard', () => {
  it('inserts an entry at its rank and renumbers the rows below it', () => {
    const next = applyBoardChange(board([row('a', 9, 1), row('b', 5, 2)]), added(6, row('c', 7, 2)));
    expect(next).toMatchObject({ version: 6, entries: [row('a', 9, 1), row('c', 7, 2), row('b', 5, 3)] });
  });

  it('drops the row pushed off a full board and takes the new threshold', () => {
    const full = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    const next = applyBoardChange(full, added(6, row('d', 4, 3), 5));
    expect(next).toMatchObject({ threshold: 5, entries: [row('a', 9, 1), row('b', 5, 2), row('d', 4, 3)] });
  });

  it("replaces a player's row with their better one, wherever it lands: one row per player", () => {
    const current = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    const better = { ...row('c2', 7, 2), player: 'c', name: 'C, renamed' };
    expect(applyBoardChange(current, added(6, better))).toMatchObject({
      entries: [row('a', 9, 1), { ...better, rank: 2 }, row('b', 5, 3)],
    });
    const best = { ...row('b2', 10, 1), player: 'b' };
    expect(applyBoardChange(current, added(6, best))).toMatchObject({
      entries: [{ ...best, rank: 1 }, row('a', 9, 2), row('c', 3, 3)],
    });
  });

  it('drops the row of the same network the entry replaced (rows per network), wherever it was', () => {
    const current = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    const change = added(6, row('d', 6, 2), 4) as Extract<LeaderboardChange, { type: 'entry-added' }>;
    for (const place of Object.values(change.boards)) place.replaced = 'b';
    expect(applyBoardChange(current, change)).toMatchObject({
      threshold: 4,
      entries: [row('a', 9, 1), row('d', 6, 2), row('c', 3, 3)],
    });
  });

  it('drops every row of a hidden player, and opens the board to any score', () => {
    const current = {
      ...board([row('a', 9, 1), { ...row('b', 5, 2), player: 'cheat' }, { ...row('c', 3, 3), player: 'cheat' }]),
      threshold: 4,
    };
    expect(applyBoardChange(current, { type: 'player-hidden', version: 6, player: 'cheat' })).toEqual({
      ...current,
      version: 6,
      threshold: 0,
      entries: [row('a', 9, 1)],
    });
  });

  it('takes the version of a change that did not enter this board, and nothing else', () => {
    const current = board([row('a', 9, 1)]);
    const change = added(6, row('x', 1, 2));
    if (change.type === 'entry-added')
      change.boards.day = { id: TODAY.id, rank: 0, listed: false, threshold: 2, lastPlacePlayers: 0 };
    expect(applyBoardChange(current, change)).toEqual({ ...current, version: 6, threshold: 2 });
  });

  it('lists an equal score below the rows that reached it first, sharing their rank ("1224")', () => {
    const current = board([row('a', 9, 1), row('b', 5, 2)], 5);
    const next = applyBoardChange(current, added(6, row('c', 9, 1)));
    expect(next).toMatchObject({ entries: [row('a', 9, 1), row('c', 9, 1), row('b', 5, 3)] });
    expect(applyBoardChange(next as Board, added(7, row('d', 5, 3)))).toMatchObject({
      entries: [row('a', 9, 1), row('c', 9, 1), row('b', 5, 3), row('d', 5, 3)],
    });
  });

  it('takes a tie at the last place of a full board as a count, moving no row', () => {
    const full = { ...board([row('a', 9, 1), row('b', 5, 2), row('c', 5, 2)]), threshold: 5, lastPlacePlayers: 2 };
    const change = added(6, row('tie', 5, 2), 5, TODAY.id, 3) as Extract<LeaderboardChange, { type: 'entry-added' }>;
    for (const place of Object.values(change.boards)) place.listed = false;
    expect(applyBoardChange(full, change)).toEqual({ ...full, version: 6, lastPlacePlayers: 3 });
  });

  it('resyncs when a listed entry lands elsewhere than the rank the server gave it', () => {
    expect(applyBoardChange(board([row('a', 9, 1)]), added(6, row('x', 1, 3)))).toBe('resync');
  });

  it('ignores a change it holds already and resyncs on a gap', () => {
    const current = board([row('a', 9, 1)]);
    expect(applyBoardChange(current, added(5, row('x', 1, 2)))).toBe(current);
    expect(applyBoardChange(current, added(7, row('x', 1, 2)))).toBe('resync');
    expect(applyBoardChange(current, added(6, row('x', 1, 4)))).toBe('resync');
  });

  it('resyncs on a change made on the next day: the new day starts its own board', () => {
    const tomorrow = periodAt('day', NOW + 86_400_000).id;
    expect(applyBoardChange(board([row('a', 9, 1)]), added(6, row('x', 1, 1), 0, tomorrow))).toBe('resync');
  });

  it('takes the boards again when the shown day ends, on the server’s clock', () => {
    const boards = {
      day: board([]),
      week: { ...board([]), span: periodAt('week', NOW) },
      all: { ...board([]), span: periodAt('all', NOW) },
    };
    expect(msUntilRollover(boards, NOW)).toBe(12 * 3_600_000);
    expect(msUntilRollover(boards, TODAY.endsAt! + 5_000)).toBe(0);
  });

  it('drops a removed entry, renumbers, and opens a place on a full board', () => {
    const full = { ...board([row('a', 9, 1), row('rude', 5, 2), row('c', 3, 3)]), threshold: 4 };
    const next = applyBoardChange(full, { type: 'entry-removed', version: 6, id: 'rude' });
    expect(next).toMatchObject({ version: 6, threshold: 0, entries: [row('a', 9, 1), row('c', 3, 2)] });
    const other = applyBoardChange(board([row('a', 9, 1)]), { type: 'entry-removed', version: 6, id: 'elsewhere' });
    expect(other).toMatchObject({ version: 6, entries: [row('a', 9, 1)] });
  });

  it('remembers as arrived only the ids still on the board', () => {
    let arrived: ReadonlySet<string> = new Set();
    let current = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    for (let i = 0; i < 50; i++) {
      const next = applyBoardChange(current, added(current.version + 1, row(`n${i}`, 10 + i, 1), 0));
      if (next === 'resync') throw new Error('unexpected resync');
      current = next;
      arrived = arrivedOnBoards(arrived, { day: current, week: current, all: current }, [`n${i}`]);
    }
    expect([...arrived].sort()).toEqual(['n47', 'n48', 'n49']);
  });
});
