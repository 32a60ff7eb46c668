import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, formatUtcDay, ordinal, relativeTime } from '../../components/format';

/** The Intl formatters the page used before: the written-out ones must print exactly what these print. */
const intl = {
  count: (n: number) => n.toLocaleString('en-US'),
  money: new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }),
  relative: new Intl.RelativeTimeFormat('en', { numeric: 'auto' }),
  date: new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }),
  utcDay: new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ordinal: new Intl.PluralRules('en-US', { type: 'ordinal' }),
};

function intlRelative(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  if (seconds > -10) return 'just now';
  if (seconds > -60) return intl.relative.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return intl.relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return intl.relative.format(hours, 'hour');
  return intl.relative.format(Math.round(hours / 24), 'day');
}

const SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' } as const;
const NOW = Date.UTC(2026, 10, 26, 12);
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });

describe('numbers and dates written out without Intl', () => {
  it('print what Intl prints, for any value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatCount(n)).toBe(intl.count(n));
        expect(formatMoney(n)).toBe(intl.money.format(n));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), (n) => {
        expect(ordinal(n)).toBe(`${intl.count(n)}${SUFFIX[intl.ordinal.select(n)]}`);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(instant, (at) => {
        expect(formatDate(at)).toBe(intl.date.format(at));
        expect(formatUtcDay(at)).toBe(intl.utcDay.format(at));
      }),
      { numRuns: 2_000 },
    );
  });

  it('say how long ago as Intl says it, at every unit and its boundaries', () => {
    const ages = fc.oneof(
      fc.integer({ min: -5_000, max: 3 * 86_400_000 }),
      fc.integer({ min: 0, max: 4_000 * 86_400_000 }),
      fc.constantFrom(9_500, 10_000, 59_499, 59_500, 89_999, 90_000, 3_569_999, 3_570_000, 84_599_999, 84_600_000, 129_599_999, 129_600_000),
    );
    fc.assert(
      fc.property(ages, (age) => {
        expect(relativeTime(NOW - age, NOW)).toBe(intlRelative(NOW - age, NOW));
      }),
      { numRuns: 5_000 },
    );
  });
});
