'use client';

import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { entrySentence } from '@/lib/feed/client-state';
import type { FeedEntry } from '@/lib/feed/entries';
import { ConnectionStatus } from '../ConnectionStatus';
import { RelativeTime } from '../RelativeTime';
import { card } from '../styles';
import { useFormat } from '../use-format';
import { useHomeFeed } from './use-home-feed';
import { Mark, type MarkName } from '../Mark';

const ICONS: Record<FeedEntry['kind'], { mark: MarkName | '€'; tone: string }> = {
  news: { mark: 'sparkle', tone: 'bg-amber-100 dark:bg-amber-900/50 text-amber-800 dark:text-amber-200' },
  milestone: { mark: 'star', tone: 'bg-emerald-100 dark:bg-emerald-900/50 text-emerald-800 dark:text-emerald-200' },
  backers: { mark: '€', tone: 'bg-indigo-100 dark:bg-indigo-900/60 text-accent dark:text-indigo-300' },
  ended: { mark: 'timer', tone: 'bg-slate-200 dark:bg-slate-700 text-slate-800 dark:text-slate-100' },
};

/** The entry's sentence in the page's locale: plurals by the catalogue, names isolated for right to left. */
function useEntryText(): (entry: FeedEntry) => ReactNode {
  const t = useTranslations('Feed.entry');
  const format = useFormat();
  return (entry) => {
    const sentence = entrySentence(entry);
    const names = {
      project: () => <bdi>{sentence.project}</bdi>,
      headline: () => <bdi>{'headline' in sentence ? sentence.headline : ''}</bdi>,
    };
    if (sentence.key === 'backers')
      return t.rich('backers', { ...names, contributions: sentence.contributions, backers: sentence.backers });
    if (sentence.key === 'milestone')
      return t.rich('milestone', { ...names, percent: format.percent(sentence.percent) });
    return t.rich(sentence.key, names);
  };
}

function EntryItem({ entry, now }: { entry: FeedEntry; now: number }) {
  const t = useTranslations('Feed');
  const say = useEntryText();
  const { mark, tone } = ICONS[entry.kind];
  return (
    <li
      data-testid="feed-item"
      data-kind={entry.kind}
      data-id={entry.id}
      className="animate-arrive flex items-start gap-3 py-3"
    >
      <span
        aria-hidden
        className={`mt-0.5 grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm font-bold ${tone}`}
      >
        {mark === '€' ? mark : <Mark name={mark} className="h-4 w-4" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block break-words">{say(entry)}</span>
        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
          <Link
            prefetch={false}
            href={`/projects/${entry.project.slug}`}
            className="font-bold text-accent dark:text-indigo-300 hover:underline"
          >
            <bdi>{entry.project.title}</bdi>
          </Link>
          {' · '}
          {entry.kind === 'news' ? (
            <a
              href={entry.news.url}
              rel="noopener noreferrer"
              target="_blank"
              className="font-bold text-accent dark:text-indigo-300 hover:underline"
            >
              {t('readUpdate')}
            </a>
          ) : null}
          {entry.kind === 'news' ? ' · ' : null}
          <RelativeTime at={entry.at} now={now} />
        </span>
      </span>
    </li>
  );
}

/** Grey rows where the entries will be, while the socket connects: the page does not jump when they come. */
function FeedSkeleton() {
  const t = useTranslations('Feed');
  return (
    <div data-testid="feed-skeleton" role="status" className="mt-3">
      <span className="sr-only">{t('loadingFeed')}</span>
      <ul aria-hidden className="divide-y divide-slate-100 dark:divide-slate-800">
        {[0, 1, 2].map((row) => (
          <li key={row} className="flex items-start gap-3 py-3 motion-safe:animate-pulse">
            <span className="h-8 w-8 shrink-0 rounded-full bg-slate-200 dark:bg-slate-700" />
            <span className="flex-1 space-y-2 pt-1">
              <span className="block h-3.5 w-3/4 rounded bg-slate-200 dark:bg-slate-700" />
              <span className="block h-3 w-1/3 rounded bg-slate-100 dark:bg-slate-800" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The visitor's home feed: news, milestones and backers of the projects they follow, live. */
export function HomeFeed() {
  const { entries, nextCursor, status, connection, now, loadMore } = useHomeFeed();
  const [loading, setLoading] = useState<'idle' | 'busy' | 'failed'>('idle');
  const t = useTranslations('Feed');
  const onLoadMore = () => {
    setLoading('busy');
    loadMore().then(
      () => setLoading('idle'),
      () => setLoading('failed'),
    );
  };
  return (
    <section className={card} aria-labelledby="feed-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="feed-heading" className="text-2xl font-bold tracking-tight">
          {t('heading')}
        </h1>
        <ConnectionStatus state={connection} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('lead')}</p>
      {status === 'loading' ? <FeedSkeleton /> : null}
      {status === 'ready' && entries.length === 0 ? (
        <div data-testid="feed-empty" className="mt-6 space-y-3 text-slate-700 dark:text-slate-300">
          <p className="font-bold">{t('emptyHeading')}</p>
          <p>{t('emptyBody')}</p>
          <p className="flex flex-wrap gap-2">
            <Link
              prefetch={false}
              href="/"
              className="rounded-full bg-accent px-4 py-2 text-sm font-bold text-white hover:bg-indigo-700"
            >
              {t('browse')}
            </Link>
            <Link
              prefetch={false}
              href="/?order=ending"
              className="rounded-full border border-slate-300 dark:border-slate-600 px-4 py-2 text-sm font-bold text-accent dark:text-indigo-300 hover:border-accent"
            >
              {t('endingSoon')}
            </Link>
          </p>
        </div>
      ) : null}
      {status === 'no-visitor' ? <p className="mt-6 text-slate-700 dark:text-slate-300">{t('noVisitor')}</p> : null}
      {status === 'unavailable' ? (
        <p role="alert" className="mt-6 text-amber-800 dark:text-amber-200">
          {t('unavailable')}
        </p>
      ) : null}
      <ol
        data-testid="feed-list"
        aria-live="polite"
        aria-relevant="additions"
        className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
      >
        {entries.map((entry) => (
          <EntryItem key={entry.id} entry={entry} now={now} />
        ))}
      </ol>
      {nextCursor ? (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loading === 'busy'}
          className="mt-3 rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-2 text-sm font-bold text-slate-800 dark:text-slate-200 hover:bg-slate-50 dark:hover:bg-slate-800/60 disabled:opacity-60"
        >
          {loading === 'busy' ? t('loading') : loading === 'failed' ? t('loadFailed') : t('loadMore')}
        </button>
      ) : null}
    </section>
  );
}
