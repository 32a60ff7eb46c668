import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { placeText as placeTextIn } from '../../../components/quiz/PlayerStanding';
import { formatCount, ordinal } from '../../../components/format';
import type { BoardStanding } from '../../../lib/leaderboard/types';
import { rankText as rankTextIn } from '../../../components/quiz/finish-text';
import type { SubmitResult } from '../../../lib/quiz/types';
import de from '../../../messages/de.json';
import en from '../../../messages/en.json';

const english = createTranslator({ locale: 'en', messages: en, namespace: 'QuizFinish' });
const rankText = (result: SubmitResult) => rankTextIn(english, result);
const placeText = (standing: BoardStanding, period: 'day' | 'week' | 'all') =>
  placeTextIn(english, (n) => formatCount(n, 'en'), standing, period);

describe("the finish screen's line per board", () => {
  it('names the exact rank on the board, the histogram range and percentile below it, nothing without a best', () => {
    const players = 1_234;
    expect(
      placeText({ best: 9_100, rank: 3, approximateRank: { from: 3, to: 4 }, players, betterThan: 99 }, 'day'),
    ).toBe('#3 of 1,234');
    expect(
      placeText({ best: 4_000, rank: null, approximateRank: { from: 161, to: 180 }, players, betterThan: 85 }, 'day'),
    ).toBe('#161–180 of 1,234: better than 85 % of today’s players');
    expect(
      placeText({ best: 4_000, rank: null, approximateRank: { from: 161, to: 161 }, players, betterThan: 86 }, 'all'),
    ).toBe('#161 of 1,234: better than 86 % of all players');
    expect(placeText({ best: null, rank: null, approximateRank: null, players, betterThan: null }, 'week')).toBeNull();
  });
});

describe("the finish screen's verdict", () => {
  const everywhere = <T>(value: T) => ({ day: value, week: value, all: value });
  const result = (
    score: number,
    threshold: number,
    ranks: (number | null)[],
    improved: boolean,
    sharedBy = [1, 1, 1],
    listed = ranks.map((rank) => rank !== null),
  ): SubmitResult => ({
    score,
    player: 'p',
    rank: ranks[2]!,
    threshold,
    ranks: { day: ranks[0]!, week: ranks[1]!, all: ranks[2]! },
    improved: everywhere(improved),
    sharedBy: { day: sharedBy[0]!, week: sharedBy[1]!, all: sharedBy[2]! },
    listed: { day: listed[0]!, week: listed[1]!, all: listed[2]! },
  });

  it('claims only the ranks the entry holds, and says "would have entered" only of a score under the threshold', () => {
    expect(rankText(result(9_000, 0, [1, 2, 3], true))).toBe(
      'You’re on the board: #1 today, #2 this week, #3 all time!',
    );
    expect(rankText(result(3_000, 4_001, [null, null, null], true))).toBe(
      'Not on the board this time: 4,001 points would have placed you on the all time board.',
    );
    expect(rankText(result(5_000, 4_001, [null, null, null], false))).toMatch(
      /keeps your best game, and this one did not beat it/,
    );
    // A new best over the threshold that entered nowhere: kept off by the rows of its network (tests/leaderboard/network-rows.test.ts).
    const capped = rankText(result(9_000, 4_001, [null, null, null], true));
    expect(capped).toMatch(/players from your address hold as many places as one address may/);
    expect(capped).not.toMatch(/#|would have/);
  });

  it('tells a tie as a tie: "tied for 1st with 143 players", on the board or past its end, never "not on the board"', () => {
    expect(rankText(result(9_690, 0, [1, 1, 1], true, [3, 12, 1]))).toBe(
      'You’re on the board: tied for 1st with 3 players today, tied for 1st with 12 players this week, #1 all time!',
    );
    const past = rankText(result(9_690, 9_690, [1, 1, 1], true, [2, 101, 143], [true, false, false]));
    expect(past).toBe(
      'You’re on the board: tied for 1st with 2 players today, tied for 1st with 101 players this week, tied for 1st with 143 players all time!',
    );
    const unlisted = rankText(result(9_690, 9_690, [1, 1, 1], true, [101, 101, 143], [false, false, false]));
    expect(unlisted).toBe(
      'You’re tied for 1st with 101 players today and this week, tied for 1st with 143 players all time! The board lists the players who reached this score first.',
    );
    expect(rankText(result(9_690, 9_690, [1, 1, 1], true, [143, 143, 143], [false, false, false]))).toBe(
      'You’re tied for 1st with 143 players today, this week and all time! The board lists the players who reached this score first.',
    );
    expect(rankText(result(9_000, 0, [2, 2, 3], true))).toBe(
      'You’re on the board: #2 today, #2 this week, #3 all time!',
    );
    expect(unlisted).not.toMatch(/Not on the board/);
    expect(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '100th', '1,001st']).toEqual(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 100, 1001].map((n) => ordinal(n)),
    );
  });

  it('words the tie and the places in German with its own plural and list', () => {
    const t = createTranslator({ locale: 'de', messages: de, namespace: 'QuizFinish' });
    expect(rankTextIn(t, result(9_690, 9_690, [1, 1, 1], true, [101, 101, 1], [false, false, false]))).toBe(
      'Du bist punktgleich mit 101 Personen auf Platz 1 heute und diese Woche, Platz 1 insgesamt! Die Liste zeigt, wer diese Punktzahl zuerst erreicht hat.',
    );
    expect(rankTextIn(t, result(0, 1, [null, null, null], true))).toMatch(/Mit 1 Punkt wärst/);
  });
});
