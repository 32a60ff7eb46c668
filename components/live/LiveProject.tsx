'use client';

import { shares } from '@/lib/live-events/kinds';
import type { LiveSnapshot } from '@/lib/live-events/types';
import type { Project } from '@/lib/projects/types';
import { ConnectionStatus } from '../ConnectionStatus';
import { useTranslations } from 'next-intl';
import { useFormat } from '../use-format';
import { RelativeTime } from '../RelativeTime';
import { CampaignArchive } from '../campaign/CampaignArchive';
import { CampaignClock, useCampaignText } from '../campaign/CampaignClock';
import { useCampaign } from '../campaign/use-clock';
import { ActivityTimeline } from './ActivityTimeline';
import { ContributeForm } from './ContributeForm';
import { LiveFunding } from './LiveFunding';
import { useArrivals } from './use-arrivals';
import { useLiveProject } from './use-live-project';
import { card, laterCard } from '../styles';

export function LiveProject({ project, snapshot }: { project: Project; snapshot: LiveSnapshot }) {
  const { view, now, windows, connection, loadMoreActivity } = useLiveProject(snapshot);
  const t = useTranslations('Project');
  const format = useFormat();
  const sayCampaign = useCampaignText();
  const { currency } = project;
  const arrival = useArrivals([...view.contributors, ...view.news].map((item) => item.id));
  const campaign = useCampaign(project, view.raised, now);
  // Before hydration the snapshot tells (an ended page is an archive in its HTML), then the clock.
  const over = campaign ? campaign.state === 'funded' || campaign.state === 'ended' : snapshot.ended;
  const overText =
    campaign && campaign.state !== 'endless'
      ? sayCampaign(campaign)
      : sayCampaign({ state: snapshot.outcome === 'funded' ? 'funded' : 'ended' });
  return (
    // On a phone (one column) the form comes right after the funding progress, both on the first
    // screen, the description after them; on a laptop the form has its own sticky column.
    <div className="grid grid-cols-1 gap-4 sm:gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
      <section className={`${card} lg:col-start-1 lg:row-start-1`} aria-label={t('funding')}>
        {over && project.endsAt !== undefined && (
          <CampaignArchive
            raised={view.raised}
            goal={project.goal}
            backers={view.backers}
            endsAt={project.endsAt}
            currency={currency}
          />
        )}
        <LiveFunding raised={view.raised} goal={project.goal} backers={view.backers} currency={currency}>
          <CampaignClock endsAt={project.endsAt} campaign={campaign} />
        </LiveFunding>
      </section>

      <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <section className={card}>
          <ContributeForm
            slug={project.slug}
            over={over ? overText : null}
            tiers={view.tiers}
            now={now}
            currency={currency}
          />
        </section>
      </aside>

      <div className="space-y-5 lg:col-start-1 lg:row-start-2">
        {/* A project without a description has nothing to say here: no empty card. */}
        {project.description.trim() && (
          <section className={card} aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-lg font-bold">
              {t('about')}
            </h2>
            <p dir="auto" className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
              {project.description}
            </p>
          </section>
        )}

        <section className={`${laterCard} grid gap-4 sm:grid-cols-2`} aria-label={t('activityNow')}>
          <div className="flex items-center justify-between sm:col-span-2">
            <h2 className="text-sm font-bold uppercase tracking-wide text-slate-500 dark:text-slate-400">
              {t('rightNow')}
            </h2>
            <ConnectionStatus state={connection} hidden={over} />
          </div>
          <p
            data-testid="contributions-count"
            data-count={view.contributionCount}
            className="text-slate-600 dark:text-slate-300"
          >
            <strong className="block text-3xl font-bold tabular-nums text-ink dark:text-slate-100">
              {format.count(view.contributionCount)}
            </strong>{' '}
            {t('contributions', { count: view.contributionCount, window: format.window(windows.contributions) })}
          </p>
          {!over && (
            <p data-testid="visitors-count" data-count={view.visitors} className="text-slate-600 dark:text-slate-300">
              <strong className="block text-3xl font-bold tabular-nums text-ink dark:text-slate-100">
                {format.count(view.visitors)}
              </strong>{' '}
              {t('viewing', { count: view.visitors })}
            </p>
          )}
          <p
            data-testid="shares-count"
            data-count={view.counts[shares.name] ?? 0}
            className="text-slate-600 dark:text-slate-300"
          >
            <strong className="block text-3xl font-bold tabular-nums text-ink dark:text-slate-100">
              {format.count(view.counts[shares.name] ?? 0)}
            </strong>{' '}
            {t('shares', { count: view.counts[shares.name] ?? 0, window: format.window(windows[shares.name]!) })}
          </p>
        </section>

        <section className={laterCard} aria-labelledby="contributors-heading">
          <h2 id="contributors-heading" className="text-lg font-bold">
            {t('latestContributors')}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('inLast', { window: format.window(windows.contributors) })}
          </p>
          <ul data-testid="contributors-list" aria-live="polite" aria-relevant="additions" className="mt-3 space-y-1">
            {view.contributors.map((item) => (
              <li
                key={item.id}
                data-testid="contributor-item"
                data-id={item.id}
                className={`flex items-center gap-3 rounded-lg px-2 py-1.5 ${arrival(item.id)}`}
              >
                <span
                  aria-hidden
                  className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-indigo-100 dark:bg-indigo-900/60 text-sm font-bold text-accent dark:text-indigo-300"
                >
                  {[...item.name][0]?.toUpperCase()}
                </span>
                <span className="min-w-0 flex-1">
                  <bdi className="block truncate">{item.name}</bdi>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    <RelativeTime at={item.at} now={now} />
                  </span>
                </span>
                <span className="font-bold tabular-nums">{format.money(item.amount, currency)}</span>
              </li>
            ))}
          </ul>
          {view.contributors.length === 0 && (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{t('beFirst')}</p>
          )}
        </section>

        <section className={laterCard} aria-labelledby="news-heading">
          <h2 id="news-heading" className="text-lg font-bold">
            {t('news')}
          </h2>
          <ul
            data-testid="news-list"
            aria-live="polite"
            aria-relevant="additions"
            className="mt-3 divide-y divide-slate-100 dark:divide-slate-800"
          >
            {view.news.map((item) => (
              <li key={item.id} data-testid="news-item" data-id={item.id} className={`py-2.5 ${arrival(item.id)}`}>
                <a
                  href={item.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="font-bold text-accent dark:text-indigo-300 hover:underline"
                >
                  <bdi>{item.title}</bdi>
                </a>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t.rich('newsPublished', { time: () => <RelativeTime at={item.at} now={now} /> })}
                </p>
              </li>
            ))}
          </ul>
          {view.news.length === 0 && (
            <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
              {t('noNews', { window: format.window(windows.news) })}
            </p>
          )}
        </section>

        <ActivityTimeline
          currency={currency}
          items={view.activity}
          hasMore={view.hasMoreActivity}
          now={now}
          loadMore={loadMoreActivity}
        />
      </div>
    </div>
  );
}
