import autocannon from 'autocannon';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { App } from './app';
import type { FigureResult, Row } from './report';
import { measureRequestCpu } from './request-cpu';
import { commandUsec, fmt, progress, sleep } from './support';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 3);
const SLUG = 'tidal-synth';
const CONTRIBUTION = JSON.stringify({ name: 'Bench', amount: 5 });

type Run = { perSecond: number; p99: number; bad: number };

/** A page load as autocannon sends it (no compression, as the baseline was measured) with the visitor cookie of a first visit. */
async function cannon(url: string, headers: Record<string, string>, post = false): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(post
      ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: CONTRIBUTION }
      : { headers }),
  });
  return {
    perSecond: result['2xx'] / result.duration,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function renders(app: App): Promise<number> {
  const text = await (
    await fetch(`${app.url}/api/metrics`, { headers: { authorization: `Bearer ${app.adminToken}` } })
  ).text();
  return [...text.matchAll(/^crowdpulse_page_renders_total\{[^}]*page="project"[^}]*\} (\d+)/gm)].reduce(
    (sum, [, n]) => sum + Number(n),
    0,
  );
}

/** Every command Redis ran (calls inside scripts counted too), but the bench's own INFO. */
async function commandCalls(redis: ReturnType<typeof createRedis>): Promise<number> {
  let calls = 0;
  for (const [name, { calls: n }] of await commandUsec(redis as never)) if (name !== 'info') calls += n;
  return calls;
}

/**
 * The static chunk named on / whose size is nearest the page's: without compression a response's
 * bytes set its rate, and the first chunk named changes from build to build (35 KB to 234 KB).
 */
async function chunkSizedLike(app: App, html: string, page: string, headers: Record<string, string>): Promise<string> {
  const sizeOf = async (path: string, ask: Record<string, string> = {}) =>
    (await (await fetch(`${app.url}${path}`, { headers: ask })).arrayBuffer()).byteLength;
  const target = await sizeOf(page, headers);
  const chunks = [...new Set(html.match(/\/_next\/static\/chunks\/[^"]+\.js/g) ?? [])];
  if (chunks.length === 0) throw new Error('no static chunk named on /');
  const sizes = await Promise.all(chunks.map((chunk) => sizeOf(chunk)));
  const nearest = sizes.reduce(
    (best, size, i) => (Math.abs(size - target) < Math.abs(sizes[best]! - target) ? i : best),
    0,
  );
  progress(`pages: baseline ${chunks[nearest]} (${sizes[nearest]} B) beside ${page} (${target} B)`);
  return chunks[nearest]!;
}

/**
 * Page loads and contribution POSTs beside a static file of the same server, in one run: views
 * a second of `/`, a project page (in English and in German) and `/leaderboard`, the POSTs a second; Redis commands per warm
 * project page view (INFO commandstats, less the app's idle background); and how many times the
 * project page was rendered while 32 connections viewed it and a contribution arrived every
 * 200 ms (at most one render per version).
 */
export async function measurePages(app: App, redisUrl: string): Promise<FigureResult> {
  const first = await fetch(`${app.url}/en`, { headers: { accept: 'text/html' } });
  const cookie =
    first.headers
      .getSetCookie()
      .find((set) => set.startsWith('cp_vid='))
      ?.split(';')[0] ?? '';
  const browser = { accept: 'text/html', cookie };
  const staticFile = await chunkSizedLike(app, await first.text(), `/en/projects/${SLUG}`, browser);
  const targets: [string, string, boolean][] = [
    ['a static JS chunk', staticFile, false],
    // Each page under its locale, as a visitor's browser asks after the front door's one redirect; German's copy beside English's.
    ['/', '/en', false],
    ['/projects/<slug>', `/en/projects/${SLUG}`, false],
    ['/de/projects/<slug>', `/de/projects/${SLUG}`, false],
    ['/leaderboard', '/en/leaderboard', false],
    ['POST …/contributions', `/api/projects/${SLUG}/contributions`, true],
  ];
  progress(`pages: warming up, then ${SECONDS} s of each of ${targets.length} targets, ${CONNECTIONS} connections`);
  for (const [, path, post] of targets) if (!post) await cannon(`${app.url}${path}`, browser);

  // Before any write of this figure: what the idle app sends meanwhile is measured before and after the views.
  const redis = createRedis(redisUrl);
  await waitUntilReady(redis);
  const idleRate = async () => {
    const start = await commandCalls(redis);
    await sleep(1_000);
    return ((await commandCalls(redis)) - start) / 1_000;
  };
  const idleBefore = await idleRate();
  const before = await commandCalls(redis);
  const started = Date.now();
  const views = await cannon(`${app.url}/en/projects/${SLUG}`, browser);
  const during = (await commandCalls(redis)) - before;
  const idlePerMs = (idleBefore + (await idleRate())) / 2;
  const viewed = views.perSecond * SECONDS;
  const perView = Math.max(0, during - idlePerMs * (Date.now() - started)) / viewed;
  await redis.quit();

  const runs = new Map<string, Run>();
  for (const [name, path, post] of targets) runs.set(name, await cannon(`${app.url}${path}`, browser, post));
  const baseline = runs.get('a static JS chunk')!;

  const rendersBefore = await renders(app);
  let contributions = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      const response = await fetch(`${app.url}/api/projects/${SLUG}/contributions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: CONTRIBUTION,
      });
      if (response.ok) contributions++;
      await sleep(200);
    }
  })();
  await cannon(`${app.url}/en/projects/${SLUG}`, browser);
  writing = false;
  await writer;
  const rendered = (await renders(app)) - rendersBefore;
  const versions = contributions + 1;

  const cpu = await measureRequestCpu(app, SLUG, staticFile, cookie);

  const share = (run: Run) => run.perSecond / baseline.perSecond;
  const row = (name: string, target: string, met: (ratio: number) => boolean | null): Row => {
    const run = runs.get(name)!;
    return {
      figure: `${name} a second`,
      measured: fmt.int(run.perSecond),
      baseline: `${fmt.int(baseline.perSecond)} (static file)`,
      ratio: fmt.pct(share(run)),
      target,
      met: run.bad === 0 ? met(share(run)) : false,
    };
  };
  return {
    details: [
      ...[...runs].map(
        ([name, run]) => `${name}: ${fmt.int(run.perSecond)}/s, p99 ${fmt.ms(run.p99)}, ${run.bad} non-2xx/errors`,
      ),
      `${fmt.int(viewed)} warm views of /en/projects/${SLUG}: ${fmt.int(during)} commands in all, ${perView.toFixed(3)} a view (INFO commandstats, calls inside scripts included, less the idle app's)`,
      `${CONNECTIONS} connections viewing /en/projects/${SLUG} for ${SECONDS} s while ${contributions} contributions arrived: ${rendered} renders for ${versions} versions`,
      `autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s a target after a warm-up; the app, Redis and autocannon share the machine (and whatever else runs on it)`,
      ...cpu.details,
    ],
    rows: [
      row('/projects/<slug>', '≥ 25 %', (ratio) => ratio >= 0.25),
      row('/de/projects/<slug>', '≥ 25 %', (ratio) => ratio >= 0.25),
      row('/', '≥ 25 %', (ratio) => ratio >= 0.25),
      row('/leaderboard', '—', () => null),
      row('POST …/contributions', '≥ 25 %', (ratio) => ratio >= 0.25),
      {
        figure: 'Redis commands per warm project page view',
        measured: perView.toFixed(3),
        baseline: '—',
        ratio: '—',
        target: '≤ 0.1',
        met: perView <= 0.1,
      },
      {
        figure: `project page renders per version, ${CONNECTIONS} viewers`,
        measured: `${rendered} / ${versions}`,
        baseline: '—',
        ratio: (rendered / versions).toFixed(2),
        target: '≤ 1',
        met: rendered <= versions,
      },
      ...cpu.rows,
    ],
  };
}
