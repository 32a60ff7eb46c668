/**
 * Numbers, money, dates and durations in the reader's locale, through `Intl`, one place for every
 * page. Each formatter is made once per locale (and currency) and kept: a page's first `Intl`
 * object loads the locale's data, which is paid once, not per figure.
 * tests/unit/format.test.ts holds them to what `Intl` prints in en, de and ar.
 */

const made = new Map<string, unknown>();
function once<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

const numbers = (locale: string) =>
  once(`n:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
const unit = (locale: string, name: string, display: 'long' | 'short' | 'narrow') =>
  once(
    `u:${locale}:${name}:${display}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: display, maximumFractionDigits: 1 }),
  );

/** 1,234,567 (en), 1.234.567 (de), ١٬٢٣٤٬٥٦٧ (ar): an integer with the locale's digit groups. */
export function formatCount(n: number, locale = 'en'): string {
  return numbers(locale).format(Math.round(n) === 0 ? 0 : Math.round(n));
}

/** Whole units of `currency` in `locale`: one formatter each, made on first use. */
const moneyFormat = (locale: string, currency: string) =>
  once(
    `m:${locale}:${currency}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  );

/** €1,234 (en), 1.234 € (de): whole units of the project's currency (ISO 4217, EUR unless it says). */
export function formatMoney(amount: number, locale = 'en', currency = 'EUR'): string {
  return moneyFormat(locale, currency).format(Math.round(amount) === 0 ? 0 : amount);
}

/**
 * "€1,000, $500": sums in different currencies side by side, never added up (a creator's projects
 * may raise euros and dollars); one currency's is just its amount.
 */
export const formatMoneyByCurrency = (sums: { currency: string; raised: number }[], locale = 'en') =>
  once(`l:${locale}`, () => new Intl.ListFormat(locale, { type: 'unit', style: 'short' })).format(
    sums.map(({ currency, raised }) => formatMoney(raised, locale, currency)),
  );

/** "just now", "42 seconds ago", "yesterday", "vor 3 Minuten", "أمس": against the given clock. */
export function relativeTime(at: number, now: number, locale = 'en'): string {
  const relative = once(`r:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const seconds = Math.round((at - now) / 1000);
  // "now" for the last ten seconds: a second-by-second count is noise.
  if (seconds > -10) return relative.format(0, 'second');
  if (seconds > -60) return relative.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

const dates = (locale: string, timeZone?: string, year = true) =>
  once(
    `d:${locale}:${timeZone}:${year}`,
    () =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(year && { year: 'numeric' }), timeZone }),
  );

/** "Nov 26, 2026", "26. Nov. 2026": in the reader's time zone. */
export const formatDate = (at: number, locale = 'en') => dates(locale).format(at);

/** The same in UTC: the same text from the server and in every browser (a campaign's end). */
export const formatUtcDate = (at: number, locale = 'en') => dates(locale, 'UTC').format(at);

/** "Nov 26": the UTC day, as a leaderboard period starts. */
export const formatUtcDay = (at: number, locale = 'en') => dates(locale, 'UTC', false).format(at);

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd' };

/** 1st, 2nd, 1,002nd in English; 1. in German; the number alone in Arabic. */
export function ordinal(n: number, locale = 'en'): string {
  if (locale === 'de') return `${formatCount(n, locale)}.`;
  if (locale !== 'en') return formatCount(n, locale);
  const rule = once('o:en', () => new Intl.PluralRules('en-US', { type: 'ordinal' })).select(n);
  return `${formatCount(n, locale)}${ORDINAL_SUFFIX[rule] ?? 'th'}`;
}

/** "24 hours", "30 Minuten": a window as people say it. */
export function formatWindow(ms: number, locale = 'en'): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) return unit(locale, 'hour', 'long').format(minutes / 60);
  if (minutes >= 1) return unit(locale, 'minute', 'long').format(minutes);
  return unit(locale, 'second', 'long').format(Math.round(ms / 1000));
}

/** 1.6, 1,6: one decimal place, as a time in seconds is shown. */
export const formatDecimal = (n: number, locale = 'en') =>
  once(
    `1:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(n);

/** 12.5 %, 12,5 %: a ratio with one decimal. */
export const formatPercent = (ratio: number, locale = 'en') =>
  once(
    `p:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(ratio);

/** 42 %, 42 %: a whole percentage (of a goal). */
export const formatWholePercent = (percent: number, locale = 'en') =>
  once(`wp:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(
    percent / 100,
  );

/**
 * A campaign's time left, in its parts: days when a day or more, else hours and minutes, else
 * minutes, else seconds. The sentence around it ("… to go") is the message catalogue's.
 */
export function timeLeftParts(ms: number): {
  unit: 'days' | 'hours' | 'minutes' | 'seconds';
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
} {
  const seconds = Math.ceil(ms / 1_000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const unitOf = days >= 1 ? 'days' : hours >= 1 ? 'hours' : seconds > 60 ? 'minutes' : 'seconds';
  return { unit: unitOf, days, hours, minutes: unitOf === 'hours' ? minutes % 60 : minutes, seconds };
}

/** The duration of a time left, in the locale's words: "12 days", "3 Std., 12 Min.", "45 s". */
export function formatTimeLeftSpan(ms: number, locale = 'en'): string {
  const left = timeLeftParts(ms);
  if (left.unit === 'days') return unit(locale, 'day', 'long').format(left.days);
  if (left.unit === 'hours')
    return `${unit(locale, 'hour', 'short').format(left.hours)} ${unit(locale, 'minute', 'short').format(left.minutes)}`;
  if (left.unit === 'minutes') return unit(locale, 'minute', 'short').format(left.minutes);
  return unit(locale, 'second', 'short').format(left.seconds);
}

/** "9:41", "٩:٤١": minutes and seconds left of a hold, in the locale's digits. */
export function formatClock(seconds: number, locale = 'en'): string {
  const two = once(`2:${locale}`, () => new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false }));
  return `${formatCount(Math.floor(seconds / 60), locale)}:${two.format(seconds % 60)}`;
}

/** "€", "US$", "ر.س.‏": how the locale writes the currency beside an amount. */
export const currencySymbol = (locale = 'en', currency = 'EUR') =>
  moneyFormat(locale, currency)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? currency;

/** "euros", "Euro", "يورو": the currency's name as a field's label says it (its plural, where the locale has one). */
export const currencyName = (locale = 'en', currency = 'EUR') =>
  once(
    `c:${locale}:${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'name' }) as Intl.NumberFormat,
  )
    .formatToParts(2)
    .find((part) => part.type === 'currency')?.value ?? currency;
