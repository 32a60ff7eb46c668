import { useLocale } from 'next-intl';
import {
  currencyName,
  currencySymbol,
  formatClock,
  formatCount,
  formatDate,
  formatDecimal,
  formatMoney,
  formatMoneyByCurrency,
  formatUtcDate,
  formatWholePercent,
  formatWindow,
  relativeTime,
} from './format';

/** format.ts bound to the page's locale (its [locale] segment): what components call. */
export function useFormat() {
  const locale = useLocale();
  return {
    locale,
    count: (n: number) => formatCount(n, locale),
    decimal: (n: number) => formatDecimal(n, locale),
    money: (amount: number, currency?: string) => formatMoney(amount, locale, currency),
    moneyByCurrency: (sums: { currency: string; raised: number }[]) => formatMoneyByCurrency(sums, locale),
    percent: (whole: number) => formatWholePercent(whole, locale),
    window: (ms: number) => formatWindow(ms, locale),
    date: (at: number) => formatDate(at, locale),
    utcDate: (at: number) => formatUtcDate(at, locale),
    relative: (at: number, now: number) => relativeTime(at, now, locale),
    clock: (seconds: number) => formatClock(seconds, locale),
    currencySymbol: (currency?: string) => currencySymbol(locale, currency),
    currencyName: (currency?: string) => currencyName(locale, currency),
  };
}
