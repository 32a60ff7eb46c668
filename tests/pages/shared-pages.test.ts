import type { RequestListener } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishNews, recordContribution } from '../../lib/live-events';
import { getProject, readCataloguePage } from '../../lib/projects/catalogue';
import { catalogueKeys } from '../../lib/projects/keys';
import { putProject, saveProject } from '../../lib/projects/save';
import { readSnapshotForPage } from '../../lib/realtime/shared-snapshots';
import { PAGE_MAX_AGE_MS } from '../../lib/server/page-cache';
import { SHARED_CACHE_CONTROL } from '../../lib/server/prepared-page';
import { NOT_FOUND_MARK } from '../../lib/server/page-marks';
import { startInProcessApp, type InProcessApp } from '../hostile/in-process-app';
import { snapshotReadsOf } from '../realtime/support';
import { sampleProject } from '../sample-project';
import { createProject, listenTo } from '../support';

/**
 * The page cache in front of the renderer, on this run's Redis (single and cluster): the app's
 * real HTTP server in this process, whose renderer stands in for Next's pages and reads what
 * they read (the project and the relay's snapshot; a catalogue page). A view asks as a browser
 * would; the renderer counts its renders.
 */
let app: InProcessApp;
const rendered: string[] = [];

const renderer: RequestListener = (request, response) => {
  const url = request.url ?? '/';
  rendered.push(url);
  const slug = /^\/[a-z]{2}\/projects\/([^/?]+)$/.exec(url)?.[1];
  const html = slug
    ? Promise.all([getProject(slug), readSnapshotForPage(slug)]).then(
        ([project, snapshot]) =>
          `<h1>${project?.title}</h1><p data-version="${snapshot.version}">${snapshot.contributions.count} contributions, ${snapshot.news.length} news</p>`,
      )
    : readCataloguePage({}).then(
        ({ projects }) => `<ul>${projects.map((project) => `<li>${project.title}</li>`).join('')}</ul>`,
      );
  void html.then(
    (body) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body),
    // As the project page does: its "not found" panel, rendered (a 200 from Next), carrying the mark.
    () =>
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<section ${NOT_FOUND_MARK}>no such project</section>`),
  );
};

beforeAll(async () => {
  app = await startInProcessApp({ page: renderer });
  // Until the app's own subscriber is ready, its first "up" makes every page stale, as after any outage.
  await app.untilRedisUp();
});
afterAll(async () => app.close());

const view = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { body: await response.text(), headers: response.headers };
};
const rendersOf = (path: string) => rendered.filter((url) => url === path).length;

/**
 * Views `path` until `shows` holds of its HTML. The first view after the page cache hears the
 * change is the one; when it hears it is Redis' business, so this waits on what a view shows,
 * never on a clock (the bench measures how soon: docs/benchmarks.md).
 */
async function firstViewShowing(path: string, shows: (html: string) => boolean): Promise<string> {
  let html = '';
  await expect.poll(async () => shows((html = (await view(path)).body))).toBe(true);
  return html;
}

describe('a project page', () => {
  it('costs one snapshot read and one render per version, however many view it at once', async () => {
    const slug = await createProject(app.redis);
    const path = `/en/projects/${slug}`;
    const reads = snapshotReadsOf(app.redis, slug);
    try {
      const burst = await Promise.all(Array.from({ length: 32 }, () => view(path)));
      expect(new Set(burst.map(({ body }) => body)).size).toBe(1);
      expect([rendersOf(path), reads.count()]).toEqual([1, 1]);
      await Promise.all(Array.from({ length: 32 }, () => view(`${path}?utm_source=newsletter`)));
      expect([rendersOf(path), reads.count()]).toEqual([1, 1]);

      await recordContribution(slug, { name: 'Ada', amount: 5 });
      await firstViewShowing(path, (html) => html.includes('data-version="1"'));
      await Promise.all(Array.from({ length: 32 }, () => view(path)));
      expect([rendersOf(path), reads.count()]).toEqual([2, 2]);
    } finally {
      reads.stop();
    }
  });

  it('shows a contribution, a news item and an edit in a view after it, rendering only then', async () => {
    const slug = await createProject(app.redis);
    const path = `/en/projects/${slug}`;
    expect((await view(path)).body).toContain('0 contributions, 0 news');
    await recordContribution(slug, { name: 'Ada', amount: 5 });
    await firstViewShowing(path, (html) => html.includes('1 contributions'));
    await publishNews(slug, { title: 'Shipped', url: 'https://example.com/shipped' });
    await firstViewShowing(path, (html) => html.includes('1 news'));
    await putProject(slug, { ...sampleProject(slug), listed: true, title: 'Renamed by its creator' });
    await firstViewShowing(path, (html) => html.includes('Renamed by its creator'));
  });

  it('is the same HTML for every visitor, shareable by a CDN, but private when it gives a visitor its cookie', async () => {
    const slug = await createProject(app.redis);
    const path = `/en/projects/${slug}`;
    const cookie = await app.pageCookie();
    const known = await view(path, { cookie: cookie! });
    const stranger = await view(path, { 'x-forwarded-for': '198.51.100.7' });
    expect(known.body).toBe(stranger.body);
    expect(known.headers.get('cache-control')).toBe(SHARED_CACHE_CONTROL);
    expect(known.headers.get('set-cookie')).toBeNull();
    expect(stranger.headers.getSetCookie().some((set) => set.startsWith('cp_vid='))).toBe(true);
    expect(stranger.headers.get('cache-control')).toBe('private, no-store');
    const again = await fetch(`${app.url}${path}`, {
      headers: { accept: 'text/html', cookie: cookie!, 'if-none-match': known.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
  it('answers an unknown project 404 on every view, never kept: a project made under its slug shows at once', async () => {
    const slug = `unknown-${Date.now().toString(36)}`;
    const path = `/en/projects/${slug}`;
    const views = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } })),
    );
    expect(views.map((answer) => [answer.status, answer.headers.get('cache-control')])).toEqual(
      Array(4).fill([404, 'private, no-store']),
    );
    expect(await views[0]!.text()).toContain('no such project');
    await saveProject(sampleProject(slug), Date.now(), app.redis);
    expect((await view(path)).body).toContain('0 contributions');
  });
});

describe('a page in each locale', () => {
  it('is kept once per locale: one render each, however many view it, all from one snapshot read per version; each renders again on a change', async () => {
    const slug = await createProject(app.redis);
    const paths = ['en', 'de', 'ar'].map((locale) => `/${locale}/projects/${slug}`);
    const reads = snapshotReadsOf(app.redis, slug);
    try {
      await Promise.all(paths.flatMap((path) => Array.from({ length: 16 }, () => view(path))));
      expect([paths.map(rendersOf), reads.count()]).toEqual([[1, 1, 1], 1]);
      await recordContribution(slug, { name: 'Ada', amount: 5 });
      for (const path of paths) await firstViewShowing(path, (html) => html.includes('data-version="1"'));
      await Promise.all(paths.flatMap((path) => Array.from({ length: 16 }, () => view(path))));
      expect([paths.map(rendersOf), reads.count()]).toEqual([[2, 2, 2], 2]);
    } finally {
      reads.stop();
    }
  });

  it('is reached from an unprefixed link in the visitor’s language: the cookie first, then Accept-Language, else English', async () => {
    const slug = await createProject(app.redis);
    const where = async (headers: Record<string, string>) => {
      const answer = await fetch(`${app.url}/projects/${slug}?utm_source=x`, {
        redirect: 'manual',
        headers: { accept: 'text/html', ...headers },
      });
      return [answer.status, answer.headers.get('location'), answer.headers.get('cache-control')];
    };
    expect(await where({ 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' })).toEqual([
      307,
      `/de/projects/${slug}?utm_source=x`,
      'private, no-store',
    ]);
    expect(await where({ 'accept-language': 'ja-JP,ar;q=0.4' })).toEqual([
      307,
      `/ar/projects/${slug}?utm_source=x`,
      'private, no-store',
    ]);
    expect(await where({ 'accept-language': 'de', cookie: 'NEXT_LOCALE=ar' })).toEqual([
      307,
      `/ar/projects/${slug}?utm_source=x`,
      'private, no-store',
    ]);
    expect(await where({ 'accept-language': 'ja, !!;q=x' })).toEqual([
      307,
      `/en/projects/${slug}?utm_source=x`,
      'private, no-store',
    ]);
    expect(
      (await fetch(`${app.url}/`, { redirect: 'manual', headers: { 'accept-language': 'de' } })).headers.get(
        'location',
      ),
    ).toBe('/de');
    expect((await fetch(`${app.url}/api/health`, { redirect: 'manual' })).status).not.toBe(307);
  });
});

describe('the catalogue page', () => {
  // The catalogue is one for the whole run, and other files save projects beside this one: each
  // render is checked against the changes heard on its channel, not against a quiet catalogue.
  // Besides a change, a kept page is rendered again after the server says Redis is up again (a
  // loaded cluster's slot refresh resets its subscriptions: it may have missed one) and once it is
  // PAGE_MAX_AGE_MS old; both are counted, so the bound holds on a busy machine too.
  it('is rendered again once a project is saved, and not before: never more renders than changes', async () => {
    const changes = await listenTo(app.redis, catalogueKeys.changes);
    const status = await app.open();
    let ups = 0;
    status.on('server:status', ({ redis }) => void (redis === 'up' && ups++));
    const started = performance.now();
    let heard = 0;
    const allowed = async () =>
      (heard += (await changes.take()).length) + ups + Math.floor((performance.now() - started) / PAGE_MAX_AGE_MS);
    try {
      await view('/en');
      const before = rendersOf('/en');
      await Promise.all(Array.from({ length: 16 }, () => view('/en')));
      expect(rendersOf('/en') - before).toBeLessThanOrEqual(await allowed());

      await createProject(app.redis);
      await expect.poll(async () => (await view('/en'), rendersOf('/en') - before)).toBeGreaterThanOrEqual(1);
      await Promise.all(Array.from({ length: 16 }, () => view('/en')));
      expect(rendersOf('/en') - before).toBeLessThanOrEqual(await allowed());
    } finally {
      status.close();
      await changes.close();
    }
  });
});
