'use client';

import { Link } from '@/i18n/navigation';
import type { CreatorTotals } from '@/lib/creators/totals';
import { ConnectionStatus } from '../ConnectionStatus';
import { formatCount, formatMoney } from '../format';
import { useCreator } from './use-creator';
import { card } from '../styles';

export function CreatorView({ initial, windowLabel }: { initial: CreatorTotals; windowLabel: string }) {
  const { totals, connection } = useCreator(initial);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-500 dark:text-slate-400">Creator</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{totals.creator}</h1>
          <p className="mt-1 font-mono text-xs text-slate-500 dark:text-slate-400">{totals.account}</p>
        </div>
        <ConnectionStatus state={connection} />
      </header>

      <section className="grid grid-cols-2 gap-3" aria-label="Totals">
        <div className={card} data-testid="creator-raised" data-value={totals.raised}>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Raised, all projects
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{formatMoney(totals.raised)}</p>
        </div>
        <div className={card} data-testid="creator-contributions" data-value={totals.contributions}>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Contributions
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{formatCount(totals.contributions)}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">in the last {windowLabel}</p>
        </div>
      </section>

      <section className={card} aria-labelledby="creator-projects">
        <h2 id="creator-projects" className="text-lg font-semibold">
          Projects
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {totals.projects.map((project) => (
            <li key={project.slug} className="flex items-baseline justify-between gap-3 py-2.5">
              <Link
                prefetch={false}
                href={`/projects/${project.slug}`}
                className="min-w-0 truncate font-medium text-accent dark:text-indigo-300 hover:underline"
              >
                {project.title}
              </Link>
              <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-300">
                {formatMoney(project.raised)} · {formatCount(project.contributions)} contrib.
              </span>
            </li>
          ))}
        </ul>
      </section>

      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="creator-fold">
        {totals.foldKey ? (
          <>
            Refreshed by fold <code className="font-mono">{totals.foldKey}</code>: contributions emit metric events,
            folded per creator once quiet for the window, so a burst of backers costs one recomputation.
          </>
        ) : (
          'Computed on request; the next fold for this creator will refresh it.'
        )}
      </p>
    </div>
  );
}
