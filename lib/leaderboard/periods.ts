/**
 * The three boards' periods, in one place: a UTC day, an ISO week (Monday to Sunday, UTC, the
 * week-numbering year of its Thursday) and all time. Keys, expiries, the page's tabs and its
 * rollover timer all come from here; nothing else formats a period.
 */
export const PERIODS = ['day', 'week', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = { day: 'Today', week: 'This week', all: 'All time' };

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** How long a period's board outlives its period before Redis expires it (all time never ends). */
export const KEPT_AFTER_END: Record<Exclude<Period, 'all'>, number> = { day: 2 * DAY_MS, week: 2 * WEEK_MS };

export type PeriodSpan = {
  period: Period;
  /** `2026-11-23`, `2026-W48` or `all`: the board key's suffix after the period. */
  id: string;
  startsAt: number;
  /** When the next period begins; null for all time. */
  endsAt: number | null;
  /** When Redis drops the board (PEXPIREAT); null for all time. */
  expiresAt: number | null;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** Monday 00:00 UTC of the ISO week holding `time`, and that week's number and year. */
function isoWeek(time: number): { startsAt: number; year: number; week: number } {
  const today = dayStart(time);
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const startsAt = today - weekday * DAY_MS;
  // The week belongs to the year of its Thursday; week 1 is the one holding that year's 4 January.
  const year = new Date(startsAt + 3 * DAY_MS).getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return { startsAt, year, week: Math.round((startsAt - firstMonday) / WEEK_MS) + 1 };
}

/** The span of `period` that holds `time` (ms since the epoch). */
export function periodAt(period: Period, time: number): PeriodSpan {
  if (period === 'all') return { period, id: 'all', startsAt: 0, endsAt: null, expiresAt: null };
  if (period === 'day') {
    const startsAt = dayStart(time);
    const date = new Date(startsAt);
    const id = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    return { period, id, startsAt, endsAt: startsAt + DAY_MS, expiresAt: startsAt + DAY_MS + KEPT_AFTER_END.day };
  }
  const { startsAt, year, week } = isoWeek(time);
  return {
    period,
    id: `${year}-W${pad(week)}`,
    startsAt,
    endsAt: startsAt + WEEK_MS,
    expiresAt: startsAt + WEEK_MS + KEPT_AFTER_END.week,
  };
}

/** The three spans holding `time`, in PERIODS order. */
export function currentPeriods(time: number): Record<Period, PeriodSpan> {
  return { day: periodAt('day', time), week: periodAt('week', time), all: periodAt('all', time) };
}

export function isPeriod(value: unknown): value is Period {
  return (PERIODS as readonly unknown[]).includes(value);
}
