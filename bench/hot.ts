import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SimulatedPage } from '../chaos/page';
import { viewAt } from '../lib/live-events/client-state';
import { liveEventKeys } from '../lib/live-events/keys';
import type { LiveChange } from '../lib/live-events/types';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { startApp, type App } from './app';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress, sleep } from './support';

/**
 * Sizes, scaled down from issue 17's (2,000 / 1,000 / 2,000 pages, 500 contributions a second
 * for 60 s, 2 minutes of steady state) so that the simulated pages, the app and Redis fit a
 * shared 2-core box in a few minutes. The pages run in this process.
 */
const STORM_PAGES = 1_000;
const STEADY = { pages: 300, perSecond: 50, seconds: 45, windowMs: 20_000, seed: 1_000 };
const HOT = { pages: 300, perSecond: 100, seconds: 15 };
const CONNECT_BATCH = 100;
const ACK_TIMEOUT_MS = 5_000;
/** Latencies from every tenth page: enough samples, without keeping millions. */
const SAMPLED_EVERY = 10;

type Phase = { slug: string; pages: SimulatedPage[] };

/** The instance's own count of the snapshots it read from Redis (its other watches were answered from its copy). */
async function snapshotReads(app: App): Promise<number> {
  const text = await (await fetch(`${app.url}/api/metrics`)).text();
  const lines = text.split('\n').filter((line) => line.startsWith('crowdpulse_live_snapshot_reads_total'));
  if (lines.length === 0) throw new Error('the app exports no crowdpulse_live_snapshot_reads_total');
  return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function newProject(redis: Redis): Promise<string> {
  const slug = `hot-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug), Date.now(), redis);
  return slug;
}

async function openPages(app: App, redis: Redis, count: number, shown?: (page: number, change: LiveChange) => void, existing?: string): Promise<Phase> {
  const slug = existing ?? (await newProject(redis));
  const pages: SimulatedPage[] = [];
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    for (let index = first; index < Math.min(count, first + CONNECT_BATCH); index++) {
      pages.push(new SimulatedPage(app.url, slug, shown && ((change) => shown(index, change))));
    }
    while (pages.some((page) => page.state === null)) await sleep(20);
  }
  return { slug, pages };
}

/** POSTs `perSecond` contributions for `seconds`, paced every 20 ms; answers when the last is answered. */
async function contribute(app: App, slug: string, perSecond: number, seconds: number, answered: (id: string) => void, onSent?: (id: string) => void) {
  const tag = randomBytes(3).toString('hex');
  const total = perSecond * seconds;
  const started = performance.now();
  const posts: Promise<number>[] = [];
  for (let sent = 0; sent < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
    for (; sent < due; sent++) {
      const id = `hot-${tag}-${sent}`;
      onSent?.(id);
      posts.push(
        fetch(`${app.url}/api/projects/${slug}/contributions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, name: 'Hot', amount: 3 }),
        }).then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 201) answered(id);
          return response.status;
        }, () => 0),
      );
    }
    await sleep(20);
  }
  const statuses = await Promise.all(posts);
  const tally = new Map<string, number>();
  for (const status of statuses) tally.set(status === 0 ? 'no answer' : String(status), (tally.get(status === 0 ? 'no answer' : String(status)) ?? 0) + 1);
  const answers = [...tally].map(([status, count]) => `${status} × ${count}`).join(', ');
  return { total, created: statuses.filter((status) => status === 201).length, seconds: (performance.now() - started) / 1000, answers };
}

async function reconnectStorm(app: App, redis: Redis): Promise<{ rows: Row[]; details: string[] }> {
  progress(`hot: ${STORM_PAGES} pages watching one project`);
  const { pages } = await openPages(app, redis, STORM_PAGES);
  const before = await snapshotReads(app);
  const started = performance.now();
  const acks = await Promise.all(
    pages.map((page) =>
      page.socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('project:watch', { slug: page.slug })
        .then((reply) => (reply.ok ? performance.now() - started : Number.NaN), () => Number.NaN)),
  );
  const reads = (await snapshotReads(app)) - before;
  const answered = acks.filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  const timeouts = acks.length - answered.length;
  const p99 = percentile(answered, 99);
  pages.forEach((page) => page.close());
  return {
    details: [`reconnect storm: ${STORM_PAGES} pages on one instance re-watch one project at the same moment (each emits project:watch): ${reads} snapshot reads reached Redis; acks p50 ${fmt.ms(percentile(answered, 50))}, p99 ${fmt.ms(p99)}; ${timeouts} timeouts (${ACK_TIMEOUT_MS} ms)`],
    rows: [
      { figure: `reconnect storm: snapshot reads for ${fmt.int(STORM_PAGES)} re-watches`, measured: fmt.int(reads), baseline: `${fmt.int(STORM_PAGES)} (one per watch before)`, ratio: '—', target: '≤ 10', met: reads <= 10 },
      { figure: 'reconnect storm: p99 acknowledgement', measured: fmt.ms(p99), baseline: '—', ratio: '—', target: '< 1 s, 0 timeouts', met: p99 < 1_000 && timeouts === 0 },
    ],
  };
}

async function steadyState(app: App, redis: Redis): Promise<{ rows: Row[]; details: string[] }> {
  progress(`hot: steady state, ${STEADY.pages} pages, ${STEADY.perSecond} contributions/s for ${STEADY.seconds} s`);
  // A window already holding several snapshots' worth of contributions: pages count down times
  // they were not given at first (before: every page asked again whenever its 200 ran out).
  const slug = await newProject(redis);
  const seeded = await contribute(app, slug, STEADY.seed / 5, 5, () => undefined);
  const { pages } = await openPages(app, redis, STEADY.pages, undefined, slug);
  const readsAt = [await snapshotReads(app)];
  // A sample the busy app does not answer is skipped (the next one counts what it missed).
  const sampling = setInterval(() => void snapshotReads(app).then((reads) => readsAt.push(reads), () => undefined), 1_000);
  const result = await contribute(app, slug, STEADY.perSecond, STEADY.seconds, () => undefined);
  clearInterval(sampling);
  await sleep(1_000);
  const reads = (await snapshotReads(app)) - readsAt[0]!;
  // Once warm: after one window, when contributions leave as fast as they come.
  const warmFrom = Math.min(readsAt.length - 1, Math.ceil(STEADY.windowMs / 1000));
  const warmReads = readsAt.at(-1)! - readsAt[warmFrom]!;
  const warmSeconds = Math.max(1, readsAt.length - 1 - warmFrom);
  const watches = pages.reduce((sum, page) => sum + page.watches - 1, 0);
  pages.forEach((page) => page.close());
  return {
    details: [
      `steady state: ${STEADY.pages} pages opened on ${fmt.int(seeded.created)} contributions in the window, then ${fmt.int(result.created)}/${fmt.int(result.total)} contributions in ${result.seconds.toFixed(1)} s, a contributions window of ${STEADY.windowMs / 1000} s: ` +
        `${reads} snapshot reads in all (${fmt.int(result.created)} versions), ${(warmReads / warmSeconds).toFixed(2)} a second once warm; pages asked again ${watches} times`,
    ],
    rows: [
      { figure: 'steady state: snapshot reads per version per instance', measured: (reads / Math.max(1, result.created)).toFixed(3), baseline: '—', ratio: '—', target: '≤ 1', met: reads <= result.created },
      { figure: 'steady state: snapshot reads a second once warm', measured: (warmReads / warmSeconds).toFixed(2), baseline: `${STEADY.pages} pages`, ratio: '—', target: '~0', met: warmReads / warmSeconds < 1 },
    ],
  };
}

async function hotRoom(app: App, redis: Redis): Promise<{ rows: Row[]; details: string[] }> {
  progress(`hot: hot room, ${HOT.pages} pages, ${HOT.perSecond} contributions/s for ${HOT.seconds} s`);
  const sentAt = new Map<string, number>();
  const shownAt = new Map<string, number[]>();
  const shown = (page: number, change: LiveChange) => {
    if (page % SAMPLED_EVERY !== 0 || change.type !== 'contribution-recorded') return;
    const times = shownAt.get(change.contribution.id) ?? [];
    times.push(performance.now());
    shownAt.set(change.contribution.id, times);
  };
  const answeredAt = new Map<string, number>();
  const { slug, pages } = await openPages(app, redis, HOT.pages, shown);
  const framesBefore = pages.map((page) => page.frames);
  const result = await contribute(app, slug, HOT.perSecond, HOT.seconds, (id) => answeredAt.set(id, performance.now()), (id) => sentAt.set(id, performance.now()));
  const keys = liveEventKeys(slug);
  const [raised, version] = (await redis.hmget(keys.info, 'raised', 'version')).map(Number) as [number, number];
  const ended = async () => pages.filter((page) => page.state?.version === version && page.state.raised === raised).length;
  for (let waited = 0; waited < 10_000 && (await ended()) < pages.length; waited += 100) await sleep(100);
  const now = Date.now();
  const count = await redis.zcount(keys.contributions, `(${now - STEADY.windowMs}`, '+inf');
  // Same machine, same clock: each page's count at the instant Redis was asked.
  const onRedis = pages.filter((page) => page.state?.version === version && page.state.raised === raised && viewAt(page.state, now).contributionCount === count).length;
  const framesPerSecond = pages.map((page, index) => (page.frames - framesBefore[index]!) / result.seconds).sort((a, b) => a - b);
  // A page that showed a contribution before its POST was answered waited 0 after the answer.
  const afterAnswer = [...answeredAt].flatMap(([id, at]) => (shownAt.get(id) ?? []).map((shownAtTime) => Math.max(0, shownAtTime - at))).sort((a, b) => a - b);
  const afterSend = [...sentAt].flatMap(([id, at]) => (shownAt.get(id) ?? []).map((shownAtTime) => shownAtTime - at)).sort((a, b) => a - b);
  const p99 = percentile(afterAnswer, 99);
  pages.forEach((page) => page.close());
  return {
    details: [
      `hot room: ${HOT.pages} pages, ${fmt.int(result.created)}/${fmt.int(result.total)} contributions answered 201 in ${result.seconds.toFixed(1)} s (${result.answers}); ` +
        `frames a second per page: median ${framesPerSecond[framesPerSecond.length >> 1]!.toFixed(1)}, max ${framesPerSecond.at(-1)!.toFixed(1)} (one per contribution before: ${HOT.perSecond}); ` +
        `POST answered → shown (every ${SAMPLED_EVERY}th page): p50 ${fmt.ms(percentile(afterAnswer, 50))}, p99 ${fmt.ms(p99)}; POST sent → shown p50 ${fmt.ms(percentile(afterSend, 50))}, p99 ${fmt.ms(percentile(afterSend, 99))}; ${onRedis}/${HOT.pages} pages ended on Redis' count, total and version`,
    ],
    rows: [
      { figure: 'hot room: frames a second per socket (max)', measured: framesPerSecond.at(-1)!.toFixed(1), baseline: `${HOT.perSecond} (one per change)`, ratio: '—', target: '≤ 10', met: framesPerSecond.at(-1)! <= 10.5 },
      { figure: 'hot room: p99 POST answered → shown', measured: fmt.ms(p99), baseline: '—', ratio: '—', target: '≤ 500 ms', met: p99 <= 500 },
      { figure: "hot room: pages ending on Redis' count and total", measured: `${onRedis}/${HOT.pages}`, baseline: '—', ratio: '—', target: 'all', met: onRedis === HOT.pages },
      { figure: 'hot room: contributions answered 201', measured: `${fmt.int(result.created)}/${fmt.int(result.total)}`, baseline: '—', ratio: '—', target: 'all', met: result.created === result.total },
    ],
  };
}

/**
 * A hot project on one instance (issue 17): a reconnect storm, a steady state and a hot room,
 * simulated pages running the browser's own model and watch loop (chaos/page.ts) over real
 * Socket.IO connections to a production build of its own (the contributions window shortened).
 */
export async function measureHot(redisUrl: string): Promise<FigureResult> {
  const app = await startApp(redisUrl, { WINDOW_CONTRIBUTIONS_MS: String(STEADY.windowMs) });
  const redis = new Redis(redisUrl);
  try {
    const parts = [await reconnectStorm(app, redis), await steadyState(app, redis), await hotRoom(app, redis)];
    return { details: parts.flatMap((part) => part.details), rows: parts.flatMap((part) => part.rows) };
  } finally {
    redis.disconnect();
    await app.stop();
  }
}
