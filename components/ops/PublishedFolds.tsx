import type { FoldedMetricEvent } from '@/lib/folding/metric-events';
import { card } from '../styles';
import { useOpsWords } from './use-ops-words';

/** The latest published folds, arriving live: one per group, with the union of its metric names. */
export function PublishedFolds({
  folds,
  now,
  highlight,
}: {
  folds: FoldedMetricEvent[];
  now: number;
  highlight: string[];
}) {
  const { t, duration } = useOpsWords();
  return (
    <section className={card} aria-labelledby="published-heading">
      <h2 id="published-heading" className="text-lg font-bold">
        {t('publishedHeading')}
      </h2>
      {/* It scrolls, so it takes focus: keyboard users can scroll it too. */}
      <ul
        data-testid="folding-published"
        aria-live="polite"
        aria-relevant="additions"
        aria-labelledby="published-heading"
        tabIndex={0}
        className="mt-3 rounded-lg focus-visible:outline-2 focus-visible:outline-accent max-h-[32rem] divide-y divide-slate-100 dark:divide-slate-800 overflow-y-auto pe-1"
      >
        {folds.map((fold) => (
          <li
            key={fold.key}
            data-testid="folding-published-item"
            data-account={fold.account_id}
            data-key={fold.key}
            className={`animate-arrive py-2.5 ${highlight.includes(fold.account_id) ? 'bg-indigo-50/60 dark:bg-indigo-950/40' : ''}`}
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-mono text-sm">{fold.account_id}</span>
              <span className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-300">
                {t('ago', { duration: duration(now - fold.publishedAt) })}
              </span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              {fold.metrics.map((metric) => (
                <span
                  key={metric}
                  className="rounded-full bg-slate-100 dark:bg-slate-800 px-2 py-0.5 text-xs text-slate-700 dark:text-slate-300"
                >
                  {metric}
                </span>
              ))}
              <span className="text-xs text-slate-600 dark:text-slate-300">
                {t('foldedInto', { count: fold.events })}
                {fold.deliveries > 1 && <> · {t('delivered', { times: fold.deliveries })}</>}
              </span>
            </div>
            <p
              className="mt-0.5 truncate font-mono text-[11px] text-slate-600 dark:text-slate-300"
              title={t('idempotencyKey')}
            >
              {fold.key}
            </p>
          </li>
        ))}
      </ul>
      {folds.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('noFolds')}</p>}
    </section>
  );
}
