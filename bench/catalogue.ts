import type { Redis } from 'ioredis';
import { refreshCreatorTotals } from '../lib/creators/creator-totals-fold';
import { feedWorkKeysTagged } from '../lib/feed/keys';
import { SWEEP_INTERVAL_MS } from '../lib/feed/sweep';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import { startApp, type App } from './app';
import { withConnection } from './memory';
import type { FigureResult, Row } from './report';
import { commandUsec, fmt, percentile, progress, sleep } from './support';

const SIZES = [1_000, 10_000, 100_000];
const IN_FLIGHT = 50;
/** Requests whose Redis commands are counted at each size (and timed, for the p99). */
const REQUESTS = 40;
const TIMED = 300;
/** The fold's creator has this many projects at every size: only the catalogue around them grows. */
const CREATOR_PROJECTS = 3;
const CREATOR = 'bench_creator';

/** Lists projects `from`..`to`-1 (cards only: no live events, the catalogue is what is measured). */
async function fillTo(redis: Redis, from: number, to: number): Promise<void> {
  for (let first = from; first < to; first += IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, to - first) }, (_, j) => first + j);
    await Promise.all(batch.map((i) => saveProject(sampleProject(`cat-${i}`), 1_000 + i, redis)));
    if ((first + IN_FLIGHT) % 20_000 === 0)
      progress(`catalogue: ${fmt.int(first + IN_FLIGHT)} / ${fmt.int(to)} projects`);
  }
}

/**
 * Calls per command (INFO commandstats) while `work` ran, minus what the app does on its own
 * meanwhile. The feed's sweep is held off (its lease taken, as another instance would hold it):
 * it probes 200 projects a tick, a burst that fell in one window and not the other (14 commands
 * a request counted at 10,000 projects, 2 at 1,000 and at 100,000).
 */
async function commandsDuring(
  redis: Redis,
  work: () => Promise<number>,
): Promise<{ perRequest: Map<string, number>; total: number }> {
  const { sweepLease } = feedWorkKeysTagged();
  await redis.set(sweepLease, 'bench', 'PX', 60_000);
  try {
    return await countedDuring(redis, work);
  } finally {
    await redis.del(sweepLease);
  }
}

async function countedDuring(
  redis: Redis,
  work: () => Promise<number>,
): Promise<{ perRequest: Map<string, number>; total: number }> {
  await sleep(SWEEP_INTERVAL_MS); // a tick already under way ends
  const idleStart = await commandUsec(redis);
  const started = Date.now();
  await sleep(1_000);
  const idleEnd = await commandUsec(redis);
  const idleMs = Date.now() - started;
  const before = await commandUsec(redis);
  const t0 = Date.now();
  const requests = await work();
  const busyMs = Date.now() - t0;
  const after = await commandUsec(redis);
  const calls = (stats: Map<string, { calls: number }>, name: string) => stats.get(name)?.calls ?? 0;
  const perRequest = new Map<string, number>();
  for (const name of after.keys()) {
    if (name === 'info' || name === 'config') continue;
    const background = ((calls(idleEnd, name) - calls(idleStart, name)) * busyMs) / idleMs;
    const share = (calls(after, name) - calls(before, name) - background) / requests;
    if (share >= 0.5) perRequest.set(name, Math.round(share));
  }
  return { perRequest, total: [...perRequest.values()].reduce((sum, n) => sum + n, 0) };
}

async function get(url: string, cookie?: string): Promise<void> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}

/** Commands one refresh of a creator's totals sends (its fold's consumer), as Redis counts them. */
async function foldCommands(redis: Redis): Promise<number> {
  const fold = {
    key: `${CREATOR}:1`,
    group: CREATOR,
    fields: {},
    firstAt: 0,
    lastAt: 0,
    events: 1,
    dueAt: 0,
    deliveries: 1,
  };
  const { total } = await commandsDuring(redis, async () => {
    for (let i = 0; i < 10; i++) await refreshCreatorTotals(redis, DEFAULT_WINDOWS.contributions)(fold);
    return 10;
  });
  return total;
}

const show = (perRequest: Map<string, number>) => [...perRequest].map(([name, n]) => `${name} ${n}`).join(', ');

/** A fresh redis-server and the production build on it; `work`, then both stopped. */
async function withAppOnFreshRedis<T>(work: (app: App, redis: Redis) => Promise<T>): Promise<T> {
  const server = await startRedisServer();
  try {
    const app = await startApp(server.url);
    try {
      return await withConnection(server.url, (redis) => work(app, redis));
    } finally {
      await app.stop();
    }
  } finally {
    await server.stop();
  }
}

/** A visitor cookie, as a page load issues it: `GET /` then also reads the visitor's recently viewed list. */
async function visitorCookie(url: string): Promise<string | undefined> {
  const response = await fetch(`${url}/en/projects/tidal-synth`, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('cp_vid='))
    ?.split(';')[0];
}

/**
 * The catalogue at 1k, 10k and 100k projects, on a production build: Redis commands per `GET /`
 * and per `GET /api/projects` (INFO commandstats around 40 requests, less the app's own background
 * commands measured just before), the commands of one creator-totals fold, and the p99 of `GET /`
 * at 100k against 1k: two apps on two Redis servers, one with each catalogue, timed in
 * alternation so the machine's noise falls on both alike.
 */
export async function measureCatalogue(): Promise<FigureResult> {
  const rows: Row[] = [];
  const details: string[] = [];
  await withAppOnFreshRedis((small, smallRedis) =>
    withAppOnFreshRedis(async (app, redis) => {
      for (let i = 0; i < CREATOR_PROJECTS; i++)
        await saveProject({ ...sampleProject(`creator-${i}`), creatorAccount: CREATOR }, i, redis);
      const foldAtTen = await foldCommands(redis);
      const cookie = await visitorCookie(app.url);
      let listed = 0;
      for (const size of SIZES) {
        progress(`catalogue: filling to ${fmt.int(size)} projects`);
        await fillTo(redis, listed, size);
        listed = size;
        for (let i = 0; i < 5; i++) await get(`${app.url}/en`, cookie); // warm
        const page = await commandsDuring(redis, async () => {
          for (let i = 0; i < REQUESTS; i++) await get(`${app.url}/en`, cookie);
          return REQUESTS;
        });
        const middle = Math.floor(size / 2);
        const api = await commandsDuring(redis, async () => {
          for (let i = 0; i < REQUESTS; i++) await get(`${app.url}/api/projects?after=${1_000 + middle}.cat-${middle}`);
          return REQUESTS;
        });
        details.push(
          `${fmt.int(size)} projects: GET / ${show(page.perRequest)}; GET /api/projects (a page from the middle) ${show(api.perRequest)}`,
        );
        rows.push({
          figure: `catalogue: Redis commands per GET / at ${fmt.int(size)} projects`,
          measured: String(page.total),
          baseline: '—',
          ratio: '—',
          target: '≤ 5',
          met: page.total <= 5,
        });
        rows.push({
          figure: `catalogue: Redis commands per GET /api/projects at ${fmt.int(size)} projects`,
          measured: String(api.total),
          baseline: '—',
          ratio: '—',
          target: '≤ 5',
          met: api.total <= 5,
        });
      }
      const foldAtMost = await foldCommands(redis);

      progress('catalogue: timing GET / at 1k and at 100k projects, in alternation');
      await fillTo(smallRedis, 0, SIZES[0]!);
      const smallCookie = await visitorCookie(small.url);
      for (let i = 0; i < 5; i++)
        await Promise.all([get(`${small.url}/en`, smallCookie), get(`${app.url}/en`, cookie)]);
      const [smallTimes = [], largeTimes = []] = await timeAlternately([
        () => get(`${small.url}/en`, smallCookie),
        () => get(`${app.url}/en`, cookie),
      ]);
      const [atSmall, atLarge] = [percentile(smallTimes, 99), percentile(largeTimes, 99)];
      details.push(
        `GET /: p50 ${fmt.ms(percentile(smallTimes, 50))} at ${fmt.int(SIZES[0]!)} projects, ${fmt.ms(percentile(largeTimes, 50))} at ${fmt.int(listed)}; p99 ${fmt.ms(atSmall)} and ${fmt.ms(atLarge)}`,
      );
      const ratio = atLarge / atSmall;
      rows.push({
        figure: `catalogue: p99 of GET / at ${fmt.int(listed)} ÷ at ${fmt.int(SIZES[0]!)} projects`,
        measured: fmt.ms(atLarge),
        baseline: fmt.ms(atSmall),
        ratio: ratio.toFixed(2),
        target: '≤ 1.2',
        met: ratio <= 1.2,
      });
      rows.push({
        figure: `catalogue: commands per creator fold at ${fmt.int(listed)} projects ÷ at ${CREATOR_PROJECTS + 5}`,
        measured: String(foldAtMost),
        baseline: String(foldAtTen),
        ratio: (foldAtMost / foldAtTen).toFixed(2),
        target: '≤ 1.2',
        met: foldAtMost / foldAtTen <= 1.2,
      });
    }),
  );
  details.push(
    `the fold's creator has ${CREATOR_PROJECTS} projects; a fold reads their index, each project's hash and window, saves the totals and copies them onto the cards (Redis counts the calls inside scripts too)`,
  );
  details.push(
    `GET / with a visitor cookie (its recently viewed list is read too); each app started with the 5 demo projects, then ${IN_FLIGHT} projects were saved at a time through saveProject`,
  );
  details.push(`p99 over ${TIMED} sequential requests to each app, alternating between them`);
  return { rows, details };
}

/** The sorted times (ms) of each of `requests`, sent one at a time in turn. */
async function timeAlternately(requests: Array<() => Promise<unknown>>): Promise<number[][]> {
  const times = requests.map((): number[] => []);
  for (let i = 0; i < TIMED; i++) {
    for (const [j, request] of requests.entries()) {
      const t0 = performance.now();
      await request();
      times[j]!.push(performance.now() - t0);
    }
  }
  return times.map((list) => list.toSorted((a, b) => a - b));
}
