'use client';

import { useState } from 'react';
import type { ActivityEntry } from '@/lib/live-events/types';
import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { RelativeTime } from '../RelativeTime';
import { laterCard } from '../styles';
import { useArrivals } from './use-arrivals';
import { Mark } from '../Mark';

type Props = {
  items: ActivityEntry[];
  hasMore: boolean;
  now: number;
  loadMore: () => Promise<void>;
  currency?: string;
};

/** Every event of the project, newest first: live at the top, older pages on demand. */
export function ActivityTimeline({ items, hasMore, now, loadMore, currency }: Props) {
  const t = useTranslations('Project');
  const format = useFormat();
  const [loading, setLoading] = useState<'idle' | 'busy' | 'failed'>('idle');
  const arrival = useArrivals(items.map((item) => item.seq));
  const onLoadMore = () => {
    setLoading('busy');
    loadMore().then(
      () => setLoading('idle'),
      () => setLoading('failed'),
    );
  };
  return (
    <section className={laterCard} aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-bold">
        {t('activity')}
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('activityLead')}</p>
      <ol
        data-testid="timeline-list"
        aria-live="polite"
        aria-relevant="additions"
        className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
      >
        {items.map((item) => (
          <li
            key={item.seq}
            data-testid="timeline-item"
            data-seq={item.seq}
            data-kind={item.kind}
            data-id={item.id}
            className={`flex items-start gap-3 py-2.5 ${arrival(item.seq)}`}
          >
            <span
              aria-hidden
              className={`mt-0.5 grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-bold ${item.kind === 'news' ? 'bg-amber-100 dark:bg-amber-900/50 text-amber-700 dark:text-amber-300' : 'bg-indigo-100 dark:bg-indigo-900/60 text-accent dark:text-indigo-300'}`}
            >
              {item.kind === 'news' ? <Mark name="sparkle" /> : '€'}
            </span>
            <span className="min-w-0 flex-1">
              {item.kind === 'contribution' ? (
                <span className="block break-words">
                  {t.rich('backedWith', {
                    name: () => (
                      <strong className="font-bold">
                        <bdi>{item.name}</bdi>
                      </strong>
                    ),
                    amount: () => (
                      <strong className="font-bold tabular-nums">{format.money(item.amount, currency)}</strong>
                    ),
                  })}
                </span>
              ) : (
                <span className="block break-words">
                  {t('newsLabel')}{' '}
                  <a
                    href={item.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="font-bold text-accent dark:text-indigo-300 hover:underline"
                  >
                    <bdi>{item.title}</bdi>
                  </a>
                </span>
              )}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                <RelativeTime at={item.at} now={now} />
              </span>
            </span>
          </li>
        ))}
      </ol>
      {items.length === 0 && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('nothingYet')}</p>}
      {hasMore && (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading === 'busy'}
          className="mt-3 w-full rounded-lg border border-slate-200 dark:border-slate-700 px-3 py-2 text-sm text-slate-700 dark:text-slate-300 hover:bg-slate-50 dark:hover:bg-slate-800/60 disabled:opacity-60"
        >
          {loading === 'busy' ? t('loading') : t('loadMore')}
        </button>
      )}
      {loading === 'failed' && (
        <p role="alert" className="mt-2 text-xs text-rose-600 dark:text-rose-300">
          {t('loadFailed')}
        </p>
      )}
    </section>
  );
}
