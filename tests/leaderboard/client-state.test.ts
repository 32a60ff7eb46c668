import { describe, expect, it } from 'vitest';
import { applyBoardChange, arrivedOnBoard } from '../../lib/leaderboard/client-state';
import type { Board, LeaderboardChange, RankedEntry } from '../../lib/leaderboard/types';

const row = (id: string, score: number, rank: number): RankedEntry => ({ id, name: id, score, date: 1, rank });
const board = (entries: RankedEntry[], size = 3): Board => ({ version: 5, threshold: 0, size, entries });
const added = (version: number, entry: RankedEntry, threshold = 0): LeaderboardChange => ({ type: 'entry-added', version, entry, threshold });

describe('the browser model of the leaderboard', () => {
  it('inserts an entry at its rank and renumbers the rows below it', () => {
    const next = applyBoardChange(board([row('a', 9, 1), row('b', 5, 2)]), added(6, row('c', 7, 2)));
    expect(next).toMatchObject({ version: 6, entries: [row('a', 9, 1), row('c', 7, 2), row('b', 5, 3)] });
  });

  it('drops the row pushed off a full board and takes the new threshold', () => {
    const full = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    const next = applyBoardChange(full, added(6, row('d', 4, 3), 5));
    expect(next).toMatchObject({ threshold: 5, entries: [row('a', 9, 1), row('b', 5, 2), row('d', 4, 3)] });
  });

  it('ignores a change it holds already and resyncs on a gap', () => {
    const current = board([row('a', 9, 1)]);
    expect(applyBoardChange(current, added(5, row('x', 1, 2)))).toBe(current);
    expect(applyBoardChange(current, added(7, row('x', 1, 2)))).toBe('resync');
    expect(applyBoardChange(current, added(6, row('x', 1, 4)))).toBe('resync');
  });

  it('remembers as arrived only the ids still on the board', () => {
    let arrived: ReadonlySet<string> = new Set();
    let current = board([row('a', 9, 1), row('b', 5, 2), row('c', 3, 3)]);
    for (let i = 0; i < 50; i++) {
      const next = applyBoardChange(current, added(current.version + 1, row(`n${i}`, 10 + i, 1), 0));
      if (next === 'resync') throw new Error('unexpected resync');
      current = next;
      arrived = arrivedOnBoard(arrived, current, [`n${i}`]);
    }
    expect([...arrived].sort()).toEqual(['n47', 'n48', 'n49']);
  });
});
