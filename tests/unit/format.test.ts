import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyName,
  currencySymbol,
  formatCount,
  formatDate,
  formatMoney,
  formatMoneyByCurrency,
  formatTimeLeftSpan,
  formatUtcDay,
  formatWindow,
  ordinal,
  relativeTime,
  timeLeftParts,
} from '../../components/format';

const LOCALES = ['en', 'de', 'ar'] as const;
const NOW = Date.UTC(2026, 10, 26, 12);
const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });

describe('numbers, money and dates in the reader’s locale', () => {
  it('write a total as each locale does, in the project’s currency', () => {
    expect(formatMoney(59_040, 'en')).toBe('€59,040');
    expect(formatMoney(59_040, 'de')).toBe('59.040\u00a0€');
    expect(formatMoney(59_040, 'ar')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(59_040),
    );
    expect(formatMoney(1_250, 'en', 'USD')).toBe('$1,250');
    expect(formatMoney(1_250, 'de', 'JPY')).toBe('1.250\u00a0¥');
    expect(formatCount(1_234_567, 'de')).toBe('1.234.567');
  });

  it('write sums in different currencies side by side, never added up', () => {
    const sums = [
      { currency: 'USD', raised: 400 },
      { currency: 'EUR', raised: 150 },
    ];
    expect(formatMoneyByCurrency(sums, 'en')).toBe('$400, €150');
    expect(formatMoneyByCurrency(sums, 'de')).toBe('400\u00a0$, 150\u00a0€');
    expect(formatMoneyByCurrency([{ currency: 'EUR', raised: 59_040 }], 'ar')).toBe(formatMoney(59_040, 'ar'));
  });

  it('are what Intl prints for any value, in each locale', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.integer({ min: -1e12, max: 1e12 }), instant, (locale, n, at) => {
        expect(formatCount(n, locale)).toBe(new Intl.NumberFormat(locale).format(n));
        expect(formatMoney(n, locale)).toBe(
          new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(n),
        );
        expect(formatDate(at, locale)).toBe(
          new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(at),
        );
        expect(formatUtcDay(at, locale)).toBe(
          new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(at),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('say how long ago in the locale’s words: now, seconds, minutes, hours, yesterday, days', () => {
    expect(relativeTime(NOW - 5_000, NOW, 'en')).toBe('now');
    expect(relativeTime(NOW - 42_000, NOW, 'en')).toBe('42 seconds ago');
    expect(relativeTime(NOW - 3 * 60_000, NOW, 'de')).toBe('vor 3 Minuten');
    expect(relativeTime(NOW - 86_400_000, NOW, 'en')).toBe('yesterday');
    expect(relativeTime(NOW - 86_400_000, NOW, 'de')).toBe('gestern');
    expect(relativeTime(NOW - 5 * 86_400_000, NOW, 'ar')).toBe(
      new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-5, 'day'),
    );
  });

  it('ordinals: 1st, 2nd, 23rd, 111th in English, 1. in German', () => {
    expect([1, 2, 23, 111, 1_002].map((n) => ordinal(n, 'en'))).toEqual(['1st', '2nd', '23rd', '111th', '1,002nd']);
    expect(ordinal(3, 'de')).toBe('3.');
  });

  it('a window and a time left in the locale’s units', () => {
    expect(formatWindow(86_400_000, 'en')).toBe('24 hours');
    expect(formatWindow(30 * 60_000, 'de')).toBe('30 Minuten');
    expect(formatTimeLeftSpan(12 * 86_400_000 + 5_000, 'de')).toBe('12 Tage');
    expect(formatTimeLeftSpan(86_400_000, 'en')).toBe('1 day');
    expect(timeLeftParts(3 * 3_600_000 + 12 * 60_000 + 30_000)).toMatchObject({ unit: 'hours', hours: 3, minutes: 12 });
    expect(timeLeftParts(60_000)).toMatchObject({ unit: 'seconds', seconds: 60 });
  });
});

describe('a currency beside an amount', () => {
  it('is its symbol in a legend and its name in a label, as the locale writes them', () => {
    expect([
      currencySymbol('en'),
      currencySymbol('de', 'USD'),
      currencyName('en'),
      currencyName('de'),
      currencyName('en', 'USD'),
    ]).toEqual(['€', '$', 'euros', 'Euro', 'US dollars']);
  });
});
