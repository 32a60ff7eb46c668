/**
 * Numbers, dates and durations as English text, one place for every page. Written out rather than
 * through `Intl`: a page's first `Intl` object loads the browser's locale data, 65–160 ms in one
 * task of hydration on Lighthouse's phone (docs/benchmarks.md, "Lighthouse on a phone").
 * tests/unit/format.test.ts holds each of these that replaced an `Intl` call to `Intl`'s output.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1,234,567: an integer with en-US digit groups. */
export function formatCount(n: number): string {
  const digits = String(Math.abs(Math.round(n))).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && Math.round(n) !== 0 ? `-${digits}` : digits;
}

/** €1,234: whole euros. */
export function formatMoney(amount: number): string {
  const text = formatCount(Math.abs(amount));
  return amount < 0 && text !== '0' ? `-€${text}` : `€${text}`;
}

export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const ago = (count: number, unit: string) => `${formatCount(count)} ${plural(count, unit, `${unit}s`)} ago`;

/** "just now", "42 seconds ago", "3 minutes ago", "yesterday", "5 days ago", against the given clock. */
export function relativeTime(at: number, now: number): string {
  // Rounded as negative numbers, as Intl.RelativeTimeFormat was given them: the same text at every boundary.
  const seconds = Math.round((at - now) / 1000);
  if (seconds > -10) return 'just now';
  if (seconds > -60) return ago(-seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return ago(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return ago(-hours, 'hour');
  const days = -Math.round(hours / 24);
  return days === 1 ? 'yesterday' : ago(days, 'day');
}

/** "Nov 26, 2026", in the reader's time zone. */
export function formatDate(at: number): string {
  const date = new Date(at);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Nov 26, 2026" in UTC: the same text from the server and in every browser (a campaign's end). */
export function formatUtcDate(at: number): string {
  const date = new Date(at);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Nov 26": the UTC day, as a leaderboard period starts. */
export function formatUtcDay(at: number): string {
  const date = new Date(at);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, 1,002nd. */
export function ordinal(n: number): string {
  const tens = Math.abs(n) % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[Math.abs(n) % 10] ?? 'th');
  return `${formatCount(n)}${suffix}`;
}

/** "24 hours", "30 minutes": a window as people say it. */
export function formatWindow(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${plural(hours, 'hour', 'hours')}`;
  }
  if (minutes >= 1) return `${minutes} ${plural(minutes, 'minute', 'minutes')}`;
  const seconds = Math.round(ms / 1000);
  return `${seconds} ${plural(seconds, 'second', 'seconds')}`;
}

/** "0.8 s", "12 s", "3 min": how long ago or how long to go, as a dashboard shows it. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1_000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

/** "12 days to go", "3 h 12 min to go", "5 min to go", "ending in 45 s": a campaign's time left (ms > 0). */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1_000);
  if (seconds <= 60) return `ending in ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (days >= 1) return `${formatCount(days)} ${plural(days, 'day', 'days')} to go`;
  if (hours >= 1) return `${hours} h ${minutes % 60} min to go`;
  return `${minutes} min to go`;
}
