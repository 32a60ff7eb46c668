'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveSnapshot } from '@/lib/live-events/types';
import type { Project } from '@/lib/projects/types';
import { formatMoney } from '../format';
import { adminFetch, type AdminResult } from './admin-api';
import { ImportForm } from './ImportForm';
import { LeaderboardPanel } from './LeaderboardPanel';
import { ProjectForm } from './ProjectForm';
import { button, card, input, subtle } from './styles';

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
  const token = useSyncExternalStore(savedToken.subscribe, savedToken.read, () => '');
  const [version, setVersion] = useState(0);
  const [projects, setProjects] = useState<Project[]>([]);
  const [slug, setSlug] = useState('');
  const [live, setLive] = useState<LiveSnapshot | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [news, setNews] = useState({ title: '', url: 'https://' });

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
      .catch(() => setMessage({ ok: false, text: 'Could not load projects.' }));
  }, [catalogueVersion]);

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

  async function run(action: Promise<AdminResult>, success: (body: unknown) => string) {
    const result = await action;
    setMessage(result.ok ? { ok: true, text: success(result.body) } : { ok: false, text: result.message });
    setVersion((n) => n + 1);
  }

  const call = (path: string, method: string, body?: unknown) =>
    adminFetch(token, `/api/projects/${slug}${path}`, { method, body });

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      <section className={card}>
        <label className="block text-sm font-medium">
          Admin token{' '}
          <span className="font-normal text-slate-500 dark:text-slate-400">
            (your ADMIN_TOKEN; npm run demo prints the one it made up)
          </span>
          <input
            type="password"
            data-testid="admin-token"
            value={token}
            onChange={(event) => savedToken.write(event.target.value)}
            className={`${input} mt-1`}
            autoComplete="off"
          />
        </label>
        <label className="block text-sm font-medium">
          Project
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
              <option value={slug}>{slug} (unlisted)</option>
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

      <form
        className={card}
        onSubmit={(event) => {
          event.preventDefault();
          void run(call('/news', 'POST', news), () => 'News published.');
        }}
      >
        <h2 className="text-lg font-semibold">Publish news</h2>
        <input
          aria-label="News title"
          placeholder="Title"
          value={news.title}
          onChange={(e) => setNews({ ...news, title: e.target.value })}
          className={input}
        />
        <input
          aria-label="News link"
          placeholder="https://…"
          value={news.url}
          onChange={(e) => setNews({ ...news, url: e.target.value })}
          className={input}
        />
        <button className={button} disabled={!token || !slug}>
          Publish
        </button>
      </form>

      <section className={card} aria-labelledby="live-news">
        <h2 id="live-news" className="text-lg font-semibold">
          News on the page
        </h2>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800 text-sm">
          {live?.news.map((item) => (
            <li key={item.id} data-testid="admin-news-item" className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate">{item.title}</span>
              <button
                data-testid="admin-unpublish"
                className={subtle}
                onClick={() => void run(call(`/news/${item.id}`, 'DELETE'), () => `Unpublished “${item.title}”.`)}
              >
                Unpublish
              </button>
            </li>
          ))}
        </ul>
        {live?.news.length === 0 && (
          <p className="text-sm text-slate-500 dark:text-slate-400">No news in the window.</p>
        )}
      </section>

      <section className={card} aria-labelledby="live-contributors">
        <h2 id="live-contributors" className="text-lg font-semibold">
          Recent contributions
        </h2>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800 text-sm">
          {live?.contributors.slice(0, 8).map((item) => (
            <li key={item.id} data-testid="admin-contribution-item" className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate">
                {item.name}{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  · {formatMoney(item.amount)} · {item.id}
                </span>
              </span>
              <button
                className={subtle}
                onClick={() =>
                  void run(call(`/contributions/${item.id}`, 'DELETE'), () => `Cancelled ${item.name}'s contribution.`)
                }
              >
                Cancel
              </button>
            </li>
          ))}
        </ul>
      </section>

      <ImportForm
        disabled={!token || !slug}
        onInvalid={(text) => setMessage({ ok: false, text })}
        onImport={(body) =>
          run(call('/import', 'POST', body), (result) => {
            const { imported, skipped } = result as { imported: number; skipped: number };
            return `Imported ${imported}, skipped ${skipped} (expired or already there).`;
          })
        }
      />

      <ProjectForm
        disabled={!token}
        selected={projects.find((project) => project.slug === slug)}
        selectedTiers={live?.slug === slug ? live.tiers : undefined}
        onSave={async (target, body) => {
          const result = await adminFetch(token, `/api/projects/${target}`, { method: 'PUT', body });
          setMessage(
            result.ok ? { ok: true, text: `Saved “${body.title}” (${target}).` } : { ok: false, text: result.message },
          );
          if (result.ok) setCatalogueVersion((n) => n + 1);
          return result;
        }}
      />

      <LeaderboardPanel
        disabled={!token}
        onRemove={(id, name) =>
          run(
            adminFetch(token, `/api/leaderboard/entries/${id}`, { method: 'DELETE' }),
            () => `Removed “${name}” from the leaderboard.`,
          )
        }
        onHide={(player, name) =>
          run(
            adminFetch(token, `/api/leaderboard/players/${player}`, { method: 'DELETE' }),
            () => `Hid player ${player} (“${name}”): off every board, now and later.`,
          )
        }
      />
    </div>
  );
}
