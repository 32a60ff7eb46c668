import { Link } from '@/i18n/navigation';
import type { CreatorTotals } from '@/lib/creators/totals';
import { useFormat } from '../use-format';
import { card } from '../styles';
import { useOpsWords } from './use-ops-words';

/** What the folds did: each published fold recomputed its creator's totals, shown here as they land. */
export function CreatorsPanel({ creators, now }: { creators: CreatorTotals[]; now: number }) {
  const { t, duration } = useOpsWords();
  const format = useFormat();
  return (
    <section className={card} aria-labelledby="creators-heading">
      <h2 id="creators-heading" className="text-lg font-bold">
        {t('creatorsHeading')}
      </h2>
      <ul data-testid="creator-totals-list" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {creators.map((totals) => (
          <li key={totals.account} data-testid="creator-totals-item" data-account={totals.account}>
            <Link
              prefetch={false}
              href={`/creators/${totals.account}`}
              className="block rounded-xl border border-slate-100 dark:border-slate-800 px-3 py-2.5 transition hover:border-indigo-200 dark:hover:border-indigo-800 hover:bg-indigo-50/40 dark:hover:bg-indigo-950/30"
            >
              <bdi className="block truncate">{totals.creator}</bdi>
              <span className="mt-0.5 flex items-baseline justify-between gap-2 text-sm">
                <span className="font-bold tabular-nums">{format.moneyByCurrency(totals.raisedByCurrency)}</span>
                <span className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
                  {t('creatorFigures', { count: totals.contributions, duration: duration(now - totals.computedAt) })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {creators.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('noCreators')}</p>}
    </section>
  );
}
