import { describe, expect, it } from 'vitest';
import { placeText } from '../../components/quiz/PlayerStanding';

describe("the finish screen's line per board", () => {
  it('names the exact rank on the board, the histogram range and percentile below it, nothing without a best', () => {
    const players = 1_234;
    expect(placeText({ best: 9_100, rank: 3, approximateRank: { from: 3, to: 4 }, players, betterThan: 99 }, 'day')).toBe('#3 of 1,234');
    expect(placeText({ best: 4_000, rank: null, approximateRank: { from: 161, to: 180 }, players, betterThan: 85 }, 'day'))
      .toBe('#161–180 of 1,234: better than 85 % of today’s players');
    expect(placeText({ best: 4_000, rank: null, approximateRank: { from: 161, to: 161 }, players, betterThan: 86 }, 'all'))
      .toBe('#161 of 1,234: better than 86 % of all players');
    expect(placeText({ best: null, rank: null, approximateRank: null, players, betterThan: null }, 'week')).toBeNull();
  });
});
