import type { PendingGroup } from '@/lib/folding/types';
import { card } from '../styles';
import { useOpsWords } from './use-ops-words';

/** The oldest pending groups: how long each has been folding, and how close it is to being due. */
export function PendingGroups({
  pending,
  total,
  now,
  highlight,
}: {
  pending: PendingGroup[];
  total: number;
  now: number;
  highlight: string[];
}) {
  const { t, duration } = useOpsWords();
  return (
    <section className={card} aria-labelledby="pending-heading">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="pending-heading" className="text-lg font-bold">
          {t('pendingHeading')}
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {total > pending.length ? t('oldestOf', { shown: pending.length, total }) : t('oldestFirst')}
        </p>
      </div>
      <ul data-testid="folding-pending-list" className="mt-3 space-y-2">
        {pending.map((group) => {
          const span = Math.max(1, group.dueAt - Math.min(group.firstAt, group.lastAt));
          const progress = Math.min(100, Math.max(0, ((now - Math.min(group.firstAt, group.lastAt)) / span) * 100));
          return (
            <li
              key={group.group}
              data-testid="folding-pending-item"
              data-account={group.group}
              className={`rounded-xl border px-3 py-2 ${highlight.includes(group.group) ? 'border-indigo-200 dark:border-indigo-800 bg-indigo-50/60 dark:bg-indigo-950/40' : 'border-slate-100 dark:border-slate-800'}`}
            >
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-mono text-sm">{group.group}</span>
                <span className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-300">
                  {t('eventCount', { count: group.events })}
                </span>
              </div>
              <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
                <div className="h-full rounded-full bg-amber-400" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-1 flex justify-between gap-2 text-xs tabular-nums text-slate-600 dark:text-slate-300">
                <span>
                  {t('ageQuiet', { age: duration(now - group.firstAt), quiet: duration(now - group.lastAt) })}
                </span>
                <span>{now >= group.dueAt ? t('dueNow') : t('dueIn', { duration: duration(group.dueAt - now) })}</span>
              </p>
            </li>
          );
        })}
      </ul>
      {pending.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('nothingPending')}</p>}
    </section>
  );
}
