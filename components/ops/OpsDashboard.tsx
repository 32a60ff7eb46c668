'use client';

import { useState } from 'react';
import { ConnectionStatus } from '../ConnectionStatus';
import { BurstButton } from './BurstButton';
import { CreatorsPanel } from './CreatorsPanel';
import { formatCount, formatDuration, formatPercent } from '../format';
import { OpsLoading } from './OpsLoading';
import { PendingGroups } from './PendingGroups';
import { PublishedFolds } from './PublishedFolds';
import { useOps } from './use-ops';
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
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-ink dark:text-slate-100 sm:text-3xl">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

export function OpsDashboard() {
  const { snapshot, now, connection } = useOps();
  const [burstAccounts, setBurstAccounts] = useState<string[]>([]);
  const header = (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">Event folding</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Every contribution emits a{' '}
          <code className="rounded bg-slate-100 dark:bg-slate-800 px-1 text-sm">post-metric-updated</code> event. Bursts
          fold into one event per creator account once the account has been quiet for the window, and that one event
          recomputes the creator&apos;s totals.
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
        aria-label="Configuration and burst"
      >
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">Window</dt>
            <dd data-testid="folding-window" className="font-semibold tabular-nums">
              {formatDuration(stats.window)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">Max wait</dt>
            <dd data-testid="folding-max-wait" className="font-semibold tabular-nums">
              {formatDuration(stats.maxWait)}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-500 dark:text-slate-400">Sent, not yet confirmed</dt>
            <dd data-testid="folding-claimed" className="font-semibold tabular-nums">
              {formatCount(stats.claimed)}
            </dd>
          </div>
        </dl>
        <BurstButton onFired={setBurstAccounts} />
      </section>

      <section className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Counters">
        <Stat label="Events" value={formatCount(stats.events)} testId="folding-events" data={stats.events} />
        <Stat
          label="New groups"
          value={formatCount(stats.newGroups)}
          data={stats.newGroups}
          hint={`${formatCount(stats.fakeNew)} right after a flush`}
        />
        <Stat label="Folded" value={formatCount(stats.folded)} data={stats.folded} />
        <div
          className={`${card} p-4 ring-2 ring-indigo-100 dark:ring-indigo-900`}
          data-testid="folding-ratio"
          data-value={stats.ratio}
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-accent dark:text-indigo-300">
            Folding ratio
          </p>
          <p className="mt-1 text-2xl font-bold tabular-nums text-ink dark:text-slate-100 sm:text-3xl">
            {formatPercent(stats.ratio)}
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-500"
              style={{ width: `${stats.ratio * 100}%` }}
            />
          </div>
        </div>
        <Stat label="Pending groups" value={formatCount(stats.pending)} testId="folding-pending" data={stats.pending} />
        <Stat
          label="Published folds"
          value={formatCount(stats.published)}
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
