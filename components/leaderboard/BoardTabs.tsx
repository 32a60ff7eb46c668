'use client';

import { useTranslations } from 'next-intl';
import { PERIODS, type Period, type PeriodSpan } from '@/lib/leaderboard/periods';
import { formatUtcDay } from '../format';
import { useFormat } from '../use-format';

/** What a tab says under its name: the UTC date, the ISO week, or nothing for all time. */
function useSpanLabel(): (span: PeriodSpan) => string | null {
  const t = useTranslations('Leaderboard');
  const { locale } = useFormat();
  return (span) => {
    if (span.period === 'day') return formatUtcDay(span.startsAt, locale);
    if (span.period === 'week') return t('weekNumber', { week: Number(span.id.split('-W')[1]) });
    return null;
  };
}

type Props = {
  selected: Period;
  spans: Record<Period, PeriodSpan>;
  onSelect: (period: Period) => void;
  controls: string;
};

/** Today / This week / All time, as tabs (arrow keys move between them, as the ARIA pattern says). */
export function BoardTabs({ selected, spans, onSelect, controls }: Props) {
  const t = useTranslations('Leaderboard');
  const spanLabel = useSpanLabel();
  const move = (event: React.KeyboardEvent, from: Period) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = PERIODS[(PERIODS.indexOf(from) + step + PERIODS.length) % PERIODS.length]!;
    onSelect(next);
    document.getElementById(`board-tab-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('periodLabel')}
      className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 dark:bg-slate-800 p-1"
    >
      {PERIODS.map((period) => {
        const active = period === selected;
        const sub = spanLabel(spans[period]);
        return (
          <button
            key={period}
            id={`board-tab-${period}`}
            type="button"
            role="tab"
            data-testid="leaderboard-tab"
            data-period={period}
            aria-selected={active}
            aria-controls={controls}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(period)}
            onKeyDown={(event) => move(event, period)}
            className={`rounded-lg px-2 py-2 text-center text-sm font-bold transition focus-visible:outline-2 focus-visible:outline-accent ${
              active
                ? 'bg-white dark:bg-slate-900 text-slate-900 dark:text-slate-100 shadow-sm'
                : 'text-slate-600 dark:text-slate-300 hover:text-slate-900 dark:hover:text-slate-100'
            }`}
          >
            {t(period)}
            {sub && <span className="block text-xs text-slate-600 dark:text-slate-300">{sub}</span>}
          </button>
        );
      })}
    </div>
  );
}
