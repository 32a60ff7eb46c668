import { formatMoney } from './format';

export function Progress({ raised, goal }: { raised: number; goal: number }) {
  const percent = goal > 0 ? Math.round((raised / goal) * 100) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-2xl font-bold tabular-nums">{formatMoney(raised)}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          {percent}% of {formatMoney(goal)}
        </span>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-label="Funding progress"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-700" style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </div>
  );
}
