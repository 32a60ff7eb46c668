'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import type { CreatorTotals } from '@/lib/creators/totals';
import { ConnectionStatus } from '../ConnectionStatus';
import { useFormat } from '../use-format';
import { useCreator } from './use-creator';
import { card } from '../styles';

/** `window`: how long contributions count, in the page's locale ("24 hours", "24 Stunden"). */
export function CreatorView({ initial, window }: { initial: CreatorTotals; window: string }) {
  const { totals, connection } = useCreator(initial);
  const t = useTranslations('Creator');
  const format = useFormat();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('creator')}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">
            <bdi>{totals.creator}</bdi>
          </h1>
          <p className="mt-1 font-mono text-xs text-slate-500 dark:text-slate-400">
            <bdi>{totals.account}</bdi>
          </p>
        </div>
        <ConnectionStatus state={connection} />
      </header>

      <section className="grid grid-cols-2 gap-3" aria-label={t('totals')}>
        <div className={card} data-testid="creator-raised">
          <p className="text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {t('raised', { currencies: totals.raisedByCurrency.length })}
          </p>
          {/* Each currency its own sum: euros and dollars are never added up. */}
          {totals.raisedByCurrency.map(({ currency, raised }) => (
            <p
              key={currency}
              data-currency={currency}
              data-value={raised}
              className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl"
            >
              {format.money(raised, currency)}
            </p>
          ))}
        </div>
        <div className={card} data-testid="creator-contributions" data-value={totals.contributions}>
          <p className="text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {t('contributions')}
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{format.count(totals.contributions)}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('inLast', { window })}</p>
        </div>
      </section>

      <section className={card} aria-labelledby="creator-projects">
        <h2 id="creator-projects" className="text-lg font-bold">
          {t('projects')}
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {totals.projects.map((project) => (
            <li key={project.slug} className="flex items-baseline justify-between gap-3 py-2.5">
              <Link
                prefetch={false}
                href={`/projects/${project.slug}`}
                className="min-w-0 truncate font-bold text-accent dark:text-indigo-300 hover:underline"
              >
                <bdi>{project.title}</bdi>
              </Link>
              <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-300">
                {t('projectFigures', {
                  raised: format.money(project.raised, project.currency),
                  count: project.contributions,
                })}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="creator-fold">
        {totals.foldKey
          ? t.rich('folded', { code: () => <code className="font-mono">{totals.foldKey}</code> })
          : t('onRequest')}
      </p>
    </div>
  );
}
