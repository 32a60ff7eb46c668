import { describe, expect, it } from 'vitest';
import { KEPT_AFTER_END, periodAt } from '../../../lib/leaderboard/periods';

const at = (iso: string) => Date.parse(iso);

describe('the boards’ periods (UTC days, ISO weeks)', () => {
  it('name a day by its UTC date, from midnight to midnight', () => {
    expect(periodAt('day', at('2026-11-23T23:59:59.999Z'))).toEqual({
      period: 'day',
      id: '2026-11-23',
      startsAt: at('2026-11-23T00:00:00Z'),
      endsAt: at('2026-11-24T00:00:00Z'),
      expiresAt: at('2026-11-24T00:00:00Z') + KEPT_AFTER_END.day,
    });
    expect(periodAt('day', at('2026-11-24T00:00:00Z')).id).toBe('2026-11-24');
  });

  it('name a week by its ISO year and number, Monday to Sunday', () => {
    const cases: [string, string, string][] = [
      ['2026-11-23T00:00:00Z', '2026-W48', '2026-11-23'], // a Monday
      ['2026-11-29T23:59:59Z', '2026-W48', '2026-11-23'], // its Sunday
      ['2026-12-31T12:00:00Z', '2026-W53', '2026-12-28'], // 2026 has 53 weeks
      ['2027-01-03T12:00:00Z', '2026-W53', '2026-12-28'], // early January, still last year's week
      ['2027-01-04T00:00:00Z', '2027-W01', '2027-01-04'],
      ['2024-12-30T08:00:00Z', '2025-W01', '2024-12-30'], // late December, already next year's week
      ['2021-01-03T08:00:00Z', '2020-W53', '2020-12-28'],
    ];
    for (const [time, id, monday] of cases) {
      const week = periodAt('week', at(time));
      expect([week.id, week.startsAt, week.endsAt], time).toEqual([
        id,
        at(`${monday}T00:00:00Z`),
        at(`${monday}T00:00:00Z`) + 7 * 86_400_000,
      ]);
      expect(week.expiresAt).toBe(week.endsAt! + KEPT_AFTER_END.week);
    }
  });

  it('all time is one board that never ends', () => {
    expect(periodAt('all', Date.now())).toEqual({
      period: 'all',
      id: 'all',
      startsAt: 0,
      endsAt: null,
      expiresAt: null,
    });
  });
});
