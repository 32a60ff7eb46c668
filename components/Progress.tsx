import { useTranslations } from 'next-intl';
import { useFormat } from './use-format';

const percentOf = (raised: number, goal: number) => (goal > 0 ? Math.round((raised / goal) * 100) : 0);

/** The funding bar alone, `percent` of its goal (capped at full); LiveFunding draws its own figures above it. */
export function ProgressBar({ percent }: { percent: number }) {
  const t = useTranslations('Funding');
  return (
    <div
      className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(percent, 100)}
      aria-label={t('progress')}
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-700 motion-reduce:transition-none"
        style={{ width: `${Math.min(percent, 100)}%` }}
      />
    </div>
  );
}

export function Progress({ raised, goal, currency }: { raised: number; goal: number; currency?: string }) {
  const t = useTranslations('Funding');
  const format = useFormat();
  const percent = percentOf(raised, goal);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <span data-testid="card-raised" className="text-2xl font-bold tabular-nums">
          {format.money(raised, currency)}
        </span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {t('ofGoal', { percent: format.percent(percent), goal: format.money(goal, currency) })}
        </span>
      </div>
      <ProgressBar percent={percent} />
    </div>
  );
}
