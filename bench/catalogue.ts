import type { Redis } from 'ioredis';
import { refreshCreatorTotals } from '../lib/creators/metric-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import { startApp } from './app';
import { withConnection } from './memory';
import type { FigureResult, Row } from './report';
import { commandUsec, fmt, percentile, progress, sleep } from './support';

const SIZES = [1_000, 10_000, 100_000];
const IN_FLIGHT = 50;
/** Requests whose Redis commands are counted at each size (and timed, for the p99). */
const REQUESTS = 40;
const TIMED = 200;
/** The fold's creator has this many projects at every size: only the catalogue around them grows. */
const CREATOR_PROJECTS = 3;
const CREATOR = 'bench_creator';

/** Lists projects `from`..`to`-1 (cards only: no live events, the catalogue is what is measured). */
async function fillTo(redis: Redis, from: number, to: number): Promise<void> {
  for (let first = from; first < to; first += IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, to - first) }, (_, j) => first + j);
    await Promise.all(batch.map((i) => saveProject(sampleProject(`cat-${i}`), 1_000 + i, redis)));
    if ((first + IN_FLIGHT) % 20_000 === 0) progress(`catalogue: ${fmt.int(first + IN_FLIGHT)} / ${fmt.int(to)} projects`);
  }
}

/** Calls per command (INFO commandstats) while `work` ran, minus what the app does on its own meanwhile. */
async function commandsDuring(redis: Redis, work: () => Promise<number>): Promise<{ perRequest: Map<string, number>; total: number }> {
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

async function get(url: string, cookie?: string): Promise<string | undefined> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('cp_vid='))?.split(';')[0];
}

async function timeHome(url: string, cookie: string | undefined): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < TIMED; i++) {
    const t0 = performance.now();
    await get(`${url}/`, cookie);
    times.push(performance.now() - t0);
  }
  return percentile(times.toSorted((a, b) => a - b), 99);
}

/** Commands one refresh of a creator's totals sends (its fold's consumer), as Redis counts them. */
async function foldCommands(redis: Redis): Promise<number> {
  const fold = { key: `${CREATOR}:1`, group: CREATOR, fields: {}, firstAt: 0, lastAt: 0, events: 1, dueAt: 0, deliveries: 1 };
  const { total } = await commandsDuring(redis, async () => {
    for (let i = 0; i < 10; i++) await refreshCreatorTotals(redis, DEFAULT_WINDOWS.contributions)(fold);
    return 10;
  });
  return total;
}

const show = (perRequest: Map<string, number>) => [...perRequest].map(([name, n]) => `${name} ${n}`).join(', ');

/**
 * The catalogue at 1k, 10k and 100k projects, on a production build: Redis commands per `GET /`
 * and per `GET /api/projects` (INFO commandstats around 40 requests, less the app's own background
 * commands measured just before), the p99 of `GET /`, and the commands of one creator-totals fold.
 */
export async function measureCatalogue(): Promise<FigureResult> {
  const server = await startRedisServer();
  const rows: Row[] = [];
  const details: string[] = [];
  try {
    const app = await startApp(server.url);
    try {
      return await withConnection(server.url, async (redis) => {
        for (let i = 0; i < CREATOR_PROJECTS; i++) await saveProject({ ...sampleProject(`creator-${i}`), creatorAccount: CREATOR }, i, redis);
        const foldAtTen = await foldCommands(redis);
        const cookie = await get(`${app.url}/`);
        const p99: number[] = [];
        const home: number[] = [];
        let listed = 0;
        for (const size of SIZES) {
          progress(`catalogue: filling to ${fmt.int(size)} projects`);
          await fillTo(redis, listed, size);
          listed = size;
          for (let i = 0; i < 5; i++) await get(`${app.url}/`, cookie); // warm
          const page = await commandsDuring(redis, async () => {
            for (let i = 0; i < REQUESTS; i++) await get(`${app.url}/`, cookie);
            return REQUESTS;
          });
          const api = await commandsDuring(redis, async () => {
            for (let i = 0; i < REQUESTS; i++) await get(`${app.url}/api/projects?after=${1_000 + Math.floor(size / 2)}.cat-${Math.floor(size / 2)}`);
            return REQUESTS;
          });
          home.push(page.total);
          p99.push(await timeHome(app.url, cookie));
          details.push(`${fmt.int(size)} projects: GET / ${show(page.perRequest)}; GET /api/projects (a page in the middle) ${show(api.perRequest)}; p99 of GET / ${fmt.ms(p99.at(-1)!)}`);
          rows.push({ figure: `catalogue: Redis commands per GET / at ${fmt.int(size)} projects`, measured: String(page.total), baseline: '—', ratio: '—', target: '≤ 5', met: page.total <= 5 });
          rows.push({ figure: `catalogue: Redis commands per GET /api/projects at ${fmt.int(size)} projects`, measured: String(api.total), baseline: '—', ratio: '—', target: '≤ 5', met: api.total <= 5 });
        }
        const ratio = p99.at(-1)! / p99[0]!;
        rows.push({ figure: 'catalogue: p99 of GET / at 100k ÷ at 1k projects', measured: fmt.ms(p99.at(-1)!), baseline: fmt.ms(p99[0]!), ratio: ratio.toFixed(2), target: '≤ 1.2', met: ratio <= 1.2 });
        const foldAtMost = await foldCommands(redis);
        rows.push({
          figure: `catalogue: commands per creator fold at ${fmt.int(listed)} projects ÷ at ${CREATOR_PROJECTS + 5}`,
          measured: String(foldAtMost), baseline: String(foldAtTen), ratio: (foldAtMost / foldAtTen).toFixed(2), target: '≤ 1.2', met: foldAtMost / foldAtTen <= 1.2,
        });
        details.push(`the fold's creator has ${CREATOR_PROJECTS} projects; a fold reads their index, each project's hash and window, saves the totals and copies them onto the cards (script-internal calls counted by Redis too)`);
        details.push(`GET / with a visitor cookie (its recently viewed list read too); the app started with the 5 demo projects, then ${fmt.int(IN_FLIGHT)} projects saved at a time through saveProject`);
        return { rows, details };
      });
    } finally {
      await app.stop();
    }
  } finally {
    await server.stop();
  }
}
