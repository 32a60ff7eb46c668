'use client';

import { useState } from 'react';
import { ConnectionStatus } from '../ConnectionStatus';
import { BurstButton } from './BurstButton';
import { CreatorsPanel } from './CreatorsPanel';
import { formatPercent } from '../format';
import { useFormat } from '../use-format';
import { OpsLoading } from './OpsLoading';
import { PendingGroups } from './PendingGroups';
import { PublishedFolds } from './PublishedFolds';
import { useOps } from './use-ops';
import { useOpsWords } from './use-ops-words';
import { card } from '../styles';

function Stat({
  label,
  value,
  testId,
  data,
  hint,
}: {
  label: string;
  value: string;
  testId?: string;
  data?: number;
  hint?: string;
}) {
  return (
    <div className={`${card} p-4`} data-testid={testId} data-value={data}>
      <p className="text-xs font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-ink dark:text-slate-100 sm:text-3xl">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

export function OpsDashboard() {
  const { snapshot, now, connection } = useOps();
  const { t, duration } = useOpsWords();
  const format = useFormat();
  const [burstAccounts, setBurstAccounts] = useState<string[]>([]);
  const header = (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{t('heading')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {t.rich('intro', {
            code: () => (
              <code className="rounded bg-slate-100 dark:bg-slate-800 px-1 text-sm">post-metric-updated</code>
            ),
          })}
        </p>
      </div>
      <ConnectionStatus state={connection} />
    </header>
  );
  if (!snapshot) {
    return (
      <div className="space-y-6">
        {header}
        <OpsLoading connection={connection} />
      </div>
    );
  }
  const { stats } = snapshot;
  return (
    <div className="space-y-6">
      {header}

      <section
        className={`${card} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}
        aria-label={t('configuration')}
      >
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">{t('window')}</dt>
            <dd data-testid="folding-window" className="font-bold tabular-nums">
              {duration(stats.window)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">{t('maxWait')}</dt>
            <dd data-testid="folding-max-wait" className="font-bold tabular-nums">
              {duration(stats.maxWait)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">{t('claimed')}</dt>
            <dd data-testid="folding-claimed" className="font-bold tabular-nums">
              {format.count(stats.claimed)}
            </dd>
          </div>
        </dl>
        <BurstButton onFired={setBurstAccounts} />
      </section>

      <section className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label={t('counters')}>
        <Stat label={t('events')} value={format.count(stats.events)} testId="folding-events" data={stats.events} />
        <Stat
          label={t('newGroups')}
          value={format.count(stats.newGroups)}
          data={stats.newGroups}
          hint={t('afterFlush', { count: stats.fakeNew })}
        />
        <Stat label={t('folded')} value={format.count(stats.folded)} data={stats.folded} />
        <div
          className={`${card} p-4 ring-2 ring-indigo-100 dark:ring-indigo-900`}
          data-testid="folding-ratio"
          data-value={stats.ratio}
        >
          <p className="text-xs font-bold uppercase tracking-wide text-accent dark:text-indigo-300">{t('ratio')}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-ink dark:text-slate-100 sm:text-3xl">
            {formatPercent(stats.ratio, format.locale)}
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-500"
              style={{ width: `${stats.ratio * 100}%` }}
            />
          </div>
        </div>
        <Stat label={t('pending')} value={format.count(stats.pending)} testId="folding-pending" data={stats.pending} />
        <Stat
          label={t('publishedCount')}
          value={format.count(stats.published)}
          testId="folding-published-count"
          data={stats.published}
        />
      </section>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <PendingGroups pending={snapshot.pending} total={stats.pending} now={now} highlight={burstAccounts} />
        <PublishedFolds folds={snapshot.published} now={now} highlight={burstAccounts} />
      </div>

      <CreatorsPanel creators={snapshot.creators} now={now} />
    </div>
  );
}
