'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveSnapshot } from '@/lib/live-events/types';
import type { Project } from '@/lib/projects/types';
import { useFormat } from '../use-format';
import { adminFetch, type AdminResult } from './admin-api';
import { ImportForm } from './ImportForm';
import { LeaderboardPanel } from './LeaderboardPanel';
import { ProjectForm } from './ProjectForm';
import { NewsForm } from './NewsForm';
import { card, input, subtle } from './styles';
import { useProblemWords } from './use-problem-words';

/**
 * The token lives in this page's memory only, never in storage: a script that ever ran on
 * another page of the site (the public pages show visitors' names) finds nothing to read, and
 * leaving or reloading /admin forgets it.
 */
let typedToken = '';
const savedToken = {
  subscribe(onChange: () => void) {
    window.addEventListener('crowdpulse:admin-token', onChange);
    return () => window.removeEventListener('crowdpulse:admin-token', onChange);
  },
  read: () => typedToken,
  write(value: string) {
    typedToken = value;
    window.dispatchEvent(new Event('crowdpulse:admin-token'));
  },
};

/** Pages the catalogue by its `Link: rel="next"` header, at most PICKABLE_PAGES pages of 100: a project beyond is edited by its slug. */
const PICKABLE_PAGES = 10;
async function loadPickable(): Promise<Project[]> {
  const projects: Project[] = [];
  let next: string | null = '/api/projects?limit=100';
  for (let page = 0; next && page < PICKABLE_PAGES; page++) {
    const response: Response = await fetch(next);
    if (!response.ok) throw new Error(`${response.status}`);
    projects.push(...((await response.json()) as Project[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  }
  return projects;
}

export function AdminConsole() {
  const t = useTranslations('Admin');
  const format = useFormat();
  const words = useProblemWords();
  const token = useSyncExternalStore(savedToken.subscribe, savedToken.read, () => '');
  const [version, setVersion] = useState(0);
  const [projects, setProjects] = useState<Project[]>([]);
  const [slug, setSlug] = useState('');
  const [live, setLive] = useState<LiveSnapshot | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: React.ReactNode } | null>(null);

  const [catalogueVersion, setCatalogueVersion] = useState(0);

  useEffect(() => {
    loadPickable()
      .then((list) => {
        setProjects(list);
        // `?project=<slug>` picks a project the catalogue does not list (`listed: false`).
        setSlug(
          (current) => current || new URLSearchParams(window.location.search).get('project') || list[0]?.slug || '',
        );
      })
      .catch(() => setMessage({ ok: false, text: t('loadFailed') }));
  }, [catalogueVersion, t]);

  useEffect(() => {
    if (!slug) return;
    let current = true;
    const load = () =>
      fetch(`/api/projects/${slug}/live`)
        .then((response) => (response.ok ? (response.json() as Promise<LiveSnapshot>) : null))
        .then((snapshot) => current && snapshot && setLive(snapshot))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, 3_000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [slug, version]);

  /** Says the outcome in the status line; a form that shows a field's refusal beside it says `fieldsShown` instead. */
  async function run(action: Promise<AdminResult>, success: (body: unknown) => React.ReactNode, fieldsShown = false) {
    const result = await action;
    if (result.ok) setMessage({ ok: true, text: success(result.body) });
    else
      setMessage({
        ok: false,
        text: fieldsShown && result.problem.field !== null ? t('checkFields') : words.request(result.problem),
      });
    setVersion((n) => n + 1);
    return result;
  }

  const selected = projects.find((project) => project.slug === slug);
  const call = (path: string, method: string, body?: unknown) =>
    adminFetch(token, `/api/projects/${slug}${path}`, { method, body });

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      <section className={card}>
        <label className="block text-sm">
          {t('token')} <span className="font-normal text-slate-500 dark:text-slate-400">{t('tokenHint')}</span>
          <input
            type="password"
            data-testid="admin-token"
            value={token}
            onChange={(event) => savedToken.write(event.target.value)}
            className={`${input} mt-1`}
            autoComplete="off"
          />
        </label>
        <label className="block text-sm">
          {t('project')}
          <select
            data-testid="admin-project"
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            className={`${input} mt-1`}
          >
            {projects.map((project) => (
              <option key={project.slug} value={project.slug}>
                {project.title}
              </option>
            ))}
            {slug && !projects.some((project) => project.slug === slug) && (
              <option value={slug}>{t('unlisted', { slug })}</option>
            )}
          </select>
        </label>
        <p
          role="status"
          aria-live="polite"
          data-testid="admin-message"
          className={`min-h-5 text-sm ${message?.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
        >
          {message?.text}
        </p>
      </section>

      <NewsForm
        disabled={!token || !slug}
        onPublish={(news) => run(call('/news', 'POST', news), () => t('published'), true)}
      />

      <section className={card} aria-labelledby="live-news">
        <h2 id="live-news" className="text-lg font-bold">
          {t('onPage')}
        </h2>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800 text-sm">
          {live?.news.map((item) => (
            <li key={item.id} data-testid="admin-news-item" className="flex items-center gap-3 py-2">
              <bdi className="min-w-0 flex-1 truncate">{item.title}</bdi>
              <button
                data-testid="admin-unpublish"
                className={subtle}
                onClick={() =>
                  void run(call(`/news/${item.id}`, 'DELETE'), () =>
                    t.rich('unpublished', { title: () => <bdi>{item.title}</bdi> }),
                  )
                }
              >
                {t('unpublish')}
              </button>
            </li>
          ))}
        </ul>
        {live?.news.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('noNews')}</p>}
      </section>

      <section className={card} aria-labelledby="live-contributors">
        <h2 id="live-contributors" className="text-lg font-bold">
          {t('contributions')}
        </h2>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800 text-sm">
          {live?.contributors.slice(0, 8).map((item) => (
            <li key={item.id} data-testid="admin-contribution-item" className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate">
                <bdi>{item.name}</bdi>{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  · {format.money(item.amount, selected?.currency)} · <bdi>{item.id}</bdi>
                </span>
              </span>
              <button
                className={subtle}
                onClick={() =>
                  void run(call(`/contributions/${item.id}`, 'DELETE'), () =>
                    t.rich('cancelled', { name: () => <bdi>{item.name}</bdi> }),
                  )
                }
              >
                {t('cancel')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <ImportForm
        disabled={!token || !slug}
        onImport={(body) =>
          run(
            call('/import', 'POST', body),
            (result) => t('imported', result as { imported: number; skipped: number }),
            true,
          )
        }
      />

      <ProjectForm
        disabled={!token}
        selected={selected}
        selectedTiers={live?.slug === slug ? live.tiers : undefined}
        onSave={async (target, body) => {
          const result = await adminFetch(token, `/api/projects/${target}`, { method: 'PUT', body });
          setMessage(
            result.ok
              ? {
                  ok: true,
                  text: t.rich('saved', { title: () => <bdi>{body.title}</bdi>, slug: () => <bdi>{target}</bdi> }),
                }
              : {
                  ok: false,
                  text: result.problem.field !== null ? t('checkFields') : words.request(result.problem),
                },
          );
          if (result.ok) setCatalogueVersion((n) => n + 1);
          return result;
        }}
      />

      <LeaderboardPanel
        disabled={!token}
        onRemove={(id, name) =>
          run(adminFetch(token, `/api/leaderboard/entries/${id}`, { method: 'DELETE' }), () =>
            t.rich('removed', { name: () => <bdi>{name}</bdi> }),
          )
        }
        onHide={(player, name) =>
          run(adminFetch(token, `/api/leaderboard/players/${player}`, { method: 'DELETE' }), () =>
            t.rich('hidden', { player, name: () => <bdi>{name}</bdi> }),
          )
        }
      />
    </div>
  );
}
