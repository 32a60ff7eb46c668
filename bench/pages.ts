import autocannon from 'autocannon';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import type { App } from './app';
import { outgrownCopies, pageCopies } from './page-copies';
import type { FigureResult, Row } from './report';
import { inRoundOrder, mean, meanRatio } from './paired';
import { groupCpuSeconds, measureRequestCpu } from './request-cpu';
import { commandUsec, fmt, progress, sleep } from './support';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 2);
/**
 * Every target once a round, rounds interleaved: a busy spell of the machine falls on all of them.
 * Seven: one run of three put a page anywhere within ±4 % of its copy, run to run.
 */
const ROUNDS = Number(process.env.BENCH_PAGES_ROUNDS ?? 7);
const SLUG = 'tidal-synth';
const CONTRIBUTION = JSON.stringify({ name: 'Bench', amount: 5 });

/** `cpuMicros`: the app's CPU per answered request, user and system, from /proc. */
type Run = { perSecond: number; p99: number; bad: number; cpuMicros: number };
const tenths = (ratio: number) => (ratio * 100).toFixed(1);
/** A target's name and path. */
type Target = [string, string];

/** The run of median rate, with every run's non-2xx counted. */
function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.perSecond - b.perSecond);
  return { ...sorted[Math.floor(sorted.length / 2)]!, bad: runs.reduce((sum, run) => sum + run.bad, 0) };
}

/**
 * A page load as autocannon sends it (no compression, as the baseline was measured) with
 * the visitor cookie of a first visit; with the CPU the app spent meanwhile, when its process is
 * this bench's (`pid`): a rate moves with whatever else the machine runs, the CPU a request costs
 * much less.
 */
async function cannon(url: string, headers: Record<string, string>, post = false, pid?: number): Promise<Run> {
  const cpuBefore = pid ? groupCpuSeconds(pid) : 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(post
      ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: CONTRIBUTION }
      : { headers }),
  });
  const answered = result['2xx'];
  return {
    perSecond: answered / result.duration,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuMicros: pid && answered > 0 ? ((groupCpuSeconds(pid) - cpuBefore) * 1e6) / answered : NaN,
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
  await first.arrayBuffer();
  const browser = { accept: 'text/html', cookie };
  // Each page under its locale, as a visitor's browser asks after the front door's one redirect; German's copy beside English's.
  const pages: [string, string][] = [
    ['/', '/en'],
    ['/projects/<slug>', `/en/projects/${SLUG}`],
    ['/de/projects/<slug>', `/de/projects/${SLUG}`],
    ['/leaderboard', '/en/leaderboard'],
  ];
  const copies = await pageCopies(
    app,
    pages.map(([, path]) => path),
    browser,
  );
  const copyName = (name: string) => `${name}'s copy`;
  const pairs = pages.map(([name, path]): [Target, Target] => [
    [name, path],
    [copyName(name), copies.get(path)!],
  ]);
  const post: Target = ['POST …/contributions', `/api/projects/${SLUG}/contributions`];
  const targets = [...pairs.flat(), post];
  progress(
    `pages: warming up, then ${ROUNDS} rounds of ${SECONDS} s of each of ${targets.length} targets, ${CONNECTIONS} connections`,
  );
  for (const [, path] of pairs.flat()) await cannon(`${app.url}${path}`, browser);

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

  // The POSTs' rounds come after the pages': each contribution lands on the project page (its
  // recent backers), which then outgrew its copy by a fifth (65 KB to 77 KB) and was no longer
  // measured beside its own bytes.
  const rounds = new Map<string, Run[]>(targets.map(([name]) => [name, []]));
  const measure = async ([name, path]: Target, posted = false) =>
    rounds.get(name)!.push(await cannon(`${app.url}${path}`, browser, posted, app.pid));
  for (let round = 0; round < ROUNDS; round++)
    for (const pair of pairs) for (const target of inRoundOrder(round, pair)) await measure(target);
  const outgrown = await outgrownCopies(app, copies, browser);
  // The POSTs warmed up as the pages were, now that no page measured after minds the writes.
  await cannon(`${app.url}${post[1]}`, browser, true);
  for (let round = 0; round < ROUNDS; round++) await measure(post, true);
  const runs = new Map([...rounds].map(([name, each]) => [name, median(each)]));

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

  const cpu = await measureRequestCpu(app, SLUG, cookie);

  // A page beside its own bytes served as a static file, each round's two runs back to back (a
  // slow spell of the machine, a round at half speed, moves both); the POST beside the project page's.
  const perSecond = (name: string) => rounds.get(name)!.map((each) => each.perSecond);
  const pageRow = (name: string): Row => {
    const [run, baseline] = [runs.get(name)!, runs.get(copyName(name))!];
    const ratio = meanRatio(perSecond(name), perSecond(copyName(name)));
    return {
      figure: `${name} a second`,
      measured: fmt.int(run.perSecond),
      baseline: `${fmt.int(baseline.perSecond)} (its bytes, static)`,
      ratio: `${tenths(ratio.mean)} % (${tenths(ratio.low)}–${tenths(ratio.high)})`,
      target: '≥ 100 %',
      // Met on the mean: the interval says how far one run can be trusted.
      met: run.bad === 0 && baseline.bad === 0 && outgrown.length === 0 && ratio.mean >= 1,
    };
  };
  // The app's CPU per view beside its copy's, every page in one row: what a view costs the server, whatever else the machine runs.
  const cpuOf = (name: string) => mean(rounds.get(name)!.map((run) => run.cpuMicros));
  const cpuRatios = pages.map(([name]) => cpuOf(name) / cpuOf(copyName(name)));
  const cpuRow: Row = {
    figure: 'CPU per view: /, project, /de project, /leaderboard',
    measured: `${pages.map(([name]) => cpuOf(name).toFixed(1)).join(' · ')} µs`,
    baseline: `${pages.map(([name]) => cpuOf(copyName(name)).toFixed(1)).join(' · ')} µs (their bytes, static)`,
    ratio: `${fmt.pct(Math.min(...cpuRatios))}–${fmt.pct(Math.max(...cpuRatios))}`,
    target: '—',
    met: null,
  };
  const postRun = runs.get(post[0])!;
  const postBaseline = runs.get(copyName('/projects/<slug>'))!;
  const postRatio = postRun.perSecond / postBaseline.perSecond;
  return {
    details: [
      'a page’s ratio: the mean of its rounds’ ratios (the page and its copy back to back, which first alternating by round) and, in brackets, that mean’s 95 % interval; the POSTs’: of the medians',
      ...[...runs].map(
        ([name, run]) =>
          `${name}: ${fmt.int(run.perSecond)}/s (median of ${rounds
            .get(name)!
            .map((each) => fmt.int(each.perSecond))
            .join(', ')}), p99 ${fmt.ms(run.p99)}, ${run.bad} non-2xx/errors`,
      ),
      outgrown.length > 0
        ? `not beside their own bytes, so no ratio is met: ${outgrown.join('; ')}`
        : 'every page within 1 % of its copy’s size after its rounds',
      `${fmt.int(viewed)} warm views of /en/projects/${SLUG}: ${fmt.int(during)} commands in all, ${perView.toFixed(3)} a view (INFO commandstats, calls inside scripts included, less the idle app's)`,
      `${CONNECTIONS} connections viewing /en/projects/${SLUG} for ${SECONDS} s while ${contributions} contributions arrived: ${rendered} renders for ${versions} versions`,
      `autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s a target, ${ROUNDS} rounds of the pages interleaved, then ${ROUNDS} of the POSTs, after a warm-up; the app, Redis and autocannon share the machine (and whatever else runs on it)`,
      'CPU per view: the app’s process group in /proc (user + system) over each run, per answered request, the mean of the rounds',
      ...cpu.details,
    ],
    rows: [
      ...pages.map(([name]) => pageRow(name)),
      ...(app.pid ? [cpuRow] : []),
      {
        figure: `${post[0]} a second`,
        measured: fmt.int(postRun.perSecond),
        baseline: `${fmt.int(postBaseline.perSecond)} (/projects/<slug>'s bytes, static)`,
        ratio: fmt.pct(postRatio),
        target: '≥ 25 %',
        met: postRun.bad === 0 && postBaseline.bad === 0 && postRatio >= 0.25,
      },
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
