'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveSnapshot } from '@/lib/live-events/types';
import type { Project } from '@/lib/projects/types';
import { formatMoney } from '../Progress';
import { adminFetch, exampleImport, type AdminResult } from './admin-api';

const TOKEN_KEY = 'crowdpulse:admin-token';
const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm space-y-3';
const input = 'block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-accent focus:outline-none focus:ring-2 focus:ring-indigo-200';
const button = 'rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-50';
const subtle = 'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold hover:bg-slate-50';

/** The token lives in sessionStorage: kept across reloads of this tab, gone when it closes. */
const savedToken = {
  subscribe(onChange: () => void) {
    window.addEventListener('crowdpulse:admin-token', onChange);
    return () => window.removeEventListener('crowdpulse:admin-token', onChange);
  },
  read: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  write(value: string) {
    sessionStorage.setItem(TOKEN_KEY, value);
    window.dispatchEvent(new Event('crowdpulse:admin-token'));
  },
};

export function AdminConsole() {
  const token = useSyncExternalStore(savedToken.subscribe, savedToken.read, () => '');
  const [version, setVersion] = useState(0);
  const [projects, setProjects] = useState<Project[]>([]);
  const [slug, setSlug] = useState('');
  const [live, setLive] = useState<LiveSnapshot | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [news, setNews] = useState({ title: '', url: 'https://' });
  const [events, setEvents] = useState('');

  useEffect(() => {
    fetch('/api/projects')
      .then((response) => response.json() as Promise<Project[]>)
      .then((list) => {
        setProjects(list);
        setSlug((current) => current || list[0]?.slug || '');
      })
      .catch(() => setMessage({ ok: false, text: 'Could not load projects.' }));
  }, []);

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

  const call = (path: string, method: string, body?: unknown) => adminFetch(token, `/api/projects/${slug}${path}`, { method, body });

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className={card}>
        <label className="block text-sm font-medium">
          Admin token <span className="font-normal text-slate-500">(printed by the server at start)</span>
          <input
            type="password"
            value={token}
            onChange={(event) => savedToken.write(event.target.value)}
            className={`${input} mt-1`}
            autoComplete="off"
          />
        </label>
        <label className="block text-sm font-medium">
          Project
          <select value={slug} onChange={(event) => setSlug(event.target.value)} className={`${input} mt-1`}>
            {projects.map((project) => (
              <option key={project.slug} value={project.slug}>
                {project.title}
              </option>
            ))}
          </select>
        </label>
        <p role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.ok ? 'text-emerald-700' : 'text-red-700'}`}>
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
        <input aria-label="News title" placeholder="Title" value={news.title} onChange={(e) => setNews({ ...news, title: e.target.value })} className={input} />
        <input aria-label="News link" placeholder="https://…" value={news.url} onChange={(e) => setNews({ ...news, url: e.target.value })} className={input} />
        <button className={button} disabled={!token || !slug}>Publish</button>
      </form>

      <section className={card} aria-labelledby="live-news">
        <h2 id="live-news" className="text-lg font-semibold">News on the page</h2>
        <ul className="divide-y divide-slate-100 text-sm">
          {live?.news.map((item) => (
            <li key={item.id} data-testid="admin-news-item" className="flex items-center gap-3 py-2">
              <span className="flex-1 truncate">{item.title}</span>
              <button className={subtle} onClick={() => void run(call(`/news/${item.id}`, 'DELETE'), () => `Unpublished “${item.title}”.`)}>
                Unpublish
              </button>
            </li>
          ))}
        </ul>
        {live?.news.length === 0 && <p className="text-sm text-slate-500">No news in the window.</p>}
      </section>

      <section className={card} aria-labelledby="live-contributors">
        <h2 id="live-contributors" className="text-lg font-semibold">Recent contributions</h2>
        <ul className="divide-y divide-slate-100 text-sm">
          {live?.contributors.slice(0, 8).map((item) => (
            <li key={item.id} data-testid="admin-contribution-item" className="flex items-center gap-3 py-2">
              <span className="flex-1 truncate">
                {item.name} <span className="text-slate-500">· {formatMoney(item.amount)} · {item.id}</span>
              </span>
              <button className={subtle} onClick={() => void run(call(`/contributions/${item.id}`, 'DELETE'), () => `Cancelled ${item.name}'s contribution.`)}>
                Cancel
              </button>
            </li>
          ))}
        </ul>
      </section>

      <form
        className={`${card} lg:col-span-2`}
        onSubmit={(event) => {
          event.preventDefault();
          let body: unknown;
          try {
            body = JSON.parse(events);
          } catch {
            return setMessage({ ok: false, text: 'The import must be JSON: {"events": [...]}' });
          }
          void run(call('/import', 'POST', body), (result) => {
            const { imported, skipped } = result as { imported: number; skipped: number };
            return `Imported ${imported}, skipped ${skipped} (expired or already there).`;
          });
        }}
      >
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Bulk import</h2>
          <button type="button" className={subtle} onClick={() => setEvents(JSON.stringify(exampleImport(Date.now()), null, 2))}>
            Insert an example
          </button>
        </div>
        <textarea
          aria-label="Events to import (JSON)"
          value={events}
          onChange={(event) => setEvents(event.target.value)}
          rows={8}
          placeholder='{"events": [{"kind": "contribution", "id": "…", "name": "…", "amount": 10, "at": 1700000000000}]}'
          className={`${input} font-mono text-xs`}
        />
        <button className={button} disabled={!token || !slug || !events}>Import</button>
      </form>
    </div>
  );
}
