import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { SimulatedPage, tallyModel, type PageModel, type Tally } from '../chaos/page';
import { liveEventKeys } from '../lib/live-events/keys';
import { saveProject } from '../lib/projects/save';
import { sampleProject } from '../tests/sample-project';
import { startApp, type App } from './app';
import { postContributions, type Contributions } from './hot-posts';
import type { ProbeResult, RedisEnd } from './hot-room-probe';
import type { FigureResult, Row } from './report';
import { ROOT, fmt, percentile, progress, sleep } from './support';

/**
 * The sizes the docs' figures are measured at. `BENCH_HOT_SIZES=small` scales them down (a quick look on a busy box, not a
 * figure for the docs). The pages run in this process.
 */
const SIZES = {
  issue: {
    storm: 2_000,
    steady: { pages: 1_000, perSecond: 50, seconds: 120, windowMs: 60_000, seed: 1_000 },
    hot: { pages: 2_000, perSecond: 500, seconds: 60 },
  },
  small: {
    storm: 1_000,
    steady: { pages: 300, perSecond: 50, seconds: 45, windowMs: 20_000, seed: 1_000 },
    hot: { pages: 300, perSecond: 100, seconds: 15 },
  },
};
const {
  storm: STORM_PAGES,
  steady: STEADY,
  hot: HOT,
} = SIZES[process.env.BENCH_HOT_SIZES === 'small' ? 'small' : 'issue'];
const CONNECT_BATCH = 100;
const ACK_TIMEOUT_MS = 5_000;
/**
 * The hot room's timed pages run the browser's model beside the sender, in a process of their own
 * (bench/hot-room-probe.ts); the room's other sockets, here, check the version and the total only:
 * 2,000 browser models at 500 changes a second are a million model steps a second, more than this
 * process can run on the 2 cores it shares with the app (profiled: the app was 73 % idle while
 * this process, decoding and applying, was saturated and fell tens of seconds behind).
 */
const PROBE_PAGES = 20;

type Phase = { slug: string; pages: SimulatedPage<Tally>[] };

/** The instance's own count of the snapshots it read from Redis (its other watches were answered from its copy). */
async function snapshotReads(app: App): Promise<number> {
  const text = await (
    await fetch(`${app.url}/api/metrics`, { headers: { authorization: `Bearer ${app.adminToken}` } })
  ).text();
  const lines = text.split('\n').filter((line) => line.startsWith('crowdpulse_live_snapshot_reads_total'));
  if (lines.length === 0) throw new Error('the app exports no crowdpulse_live_snapshot_reads_total');
  return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function newProject(redis: Redis): Promise<string> {
  const slug = `hot-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug), Date.now(), redis);
  return slug;
}

/** `count` pages of one project (a new one unless `existing`), running the browser's model unless told. */
async function openPages(
  app: App,
  redis: Redis,
  count: number,
  model?: PageModel<Tally>,
  existing?: string,
): Promise<Phase> {
  const slug = existing ?? (await newProject(redis));
  const pages: SimulatedPage<Tally>[] = [];
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    for (let index = first; index < Math.min(count, first + CONNECT_BATCH); index++)
      pages.push(new SimulatedPage(app.url, slug, undefined, model));
    while (pages.some((page) => page.state === null)) await sleep(20);
  }
  return { slug, pages };
}

/** Starts the hot room's sender and timed pages (bench/hot-room-probe.ts); `finish` hands it Redis' final state. */
function startProbe(app: App, slug: string) {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      path.join(ROOT, 'bench', 'hot-room-probe.ts'),
      app.url,
      slug,
      String(PROBE_PAGES),
      String(HOT.perSecond),
      String(HOT.seconds),
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const messages = createInterface({ input: child.stdout! });
  const next = <Message>(key: string) =>
    new Promise<Message>((resolve, reject) => {
      const onLine = (text: string) => {
        const message = JSON.parse(text) as Record<string, Message>;
        if (key in message) {
          messages.off('line', onLine);
          resolve(message[key]!);
        }
      };
      messages.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`bench/hot-room-probe.ts ended (${code}) before its ${key}`)));
    });
  return {
    posted: next<Contributions>('posted'),
    finish(end: RedisEnd) {
      child.stdin!.end(`${JSON.stringify(end)}\n`);
      return next<ProbeResult>('probe');
    },
  };
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
        .then(
          (reply) => (reply.ok ? performance.now() - started : Number.NaN),
          () => Number.NaN,
        ),
    ),
  );
  const reads = (await snapshotReads(app)) - before;
  const answered = acks.filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  const timeouts = acks.length - answered.length;
  const p99 = percentile(answered, 99);
  pages.forEach((page) => page.close());
  return {
    details: [
      `reconnect storm: ${STORM_PAGES} pages on one instance re-watch one project at the same moment (each emits project:watch): ${reads} snapshot reads reached Redis; acks p50 ${fmt.ms(percentile(answered, 50))}, p99 ${fmt.ms(p99)}; ${timeouts} timeouts (${ACK_TIMEOUT_MS} ms)`,
    ],
    rows: [
      {
        figure: `reconnect storm: snapshot reads for ${fmt.int(STORM_PAGES)} re-watches`,
        measured: fmt.int(reads),
        baseline: `${fmt.int(STORM_PAGES)} (one per watch before)`,
        ratio: '—',
        target: '≤ 10',
        met: reads <= 10,
      },
      {
        figure: 'reconnect storm: p99 acknowledgement',
        measured: fmt.ms(p99),
        baseline: '—',
        ratio: '—',
        target: '< 1 s, 0 timeouts',
        met: p99 < 1_000 && timeouts === 0,
      },
    ],
  };
}

async function steadyState(app: App, redis: Redis): Promise<{ rows: Row[]; details: string[] }> {
  progress(`hot: steady state, ${STEADY.pages} pages, ${STEADY.perSecond} contributions/s for ${STEADY.seconds} s`);
  // A window already holding several snapshots' worth of contributions: pages count down times
  // they were not given at first (before: every page asked again whenever its 200 ran out).
  const slug = await newProject(redis);
  const seeded = await postContributions(app.url, slug, STEADY.seed / 5, 5);
  const { pages } = await openPages(app, redis, STEADY.pages, undefined, slug);
  const readsAt = [await snapshotReads(app)];
  // A sample the busy app does not answer is skipped (the next one counts what it missed).
  const sampling = setInterval(
    () =>
      void snapshotReads(app).then(
        (reads) => readsAt.push(reads),
        () => undefined,
      ),
    1_000,
  );
  const result = await postContributions(app.url, slug, STEADY.perSecond, STEADY.seconds);
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
      {
        figure: 'steady state: snapshot reads per version per instance',
        measured: (reads / Math.max(1, result.created)).toFixed(3),
        baseline: '—',
        ratio: '—',
        target: '≤ 1',
        met: reads <= result.created,
      },
      {
        figure: 'steady state: snapshot reads a second once warm',
        measured: (warmReads / warmSeconds).toFixed(2),
        baseline: `${STEADY.pages} pages`,
        ratio: '—',
        target: '~0',
        met: warmReads / warmSeconds < 1,
      },
    ],
  };
}

async function hotRoom(app: App, redis: Redis): Promise<{ rows: Row[]; details: string[] }> {
  progress(`hot: hot room, ${HOT.pages} pages, ${HOT.perSecond} contributions/s for ${HOT.seconds} s`);
  const { slug, pages } = await openPages(app, redis, HOT.pages - PROBE_PAGES, tallyModel);
  const framesBefore = pages.map((page) => page.frames);
  const probe = startProbe(app, slug);
  const result = await probe.posted;
  const keys = liveEventKeys(slug);
  const [raised, version] = (await redis.hmget(keys.info, 'raised', 'version')).map(Number) as [number, number];
  const ended = () => pages.filter((page) => page.state?.version === version && page.state.raised === raised).length;
  for (let waited = 0; waited < 10_000 && ended() < pages.length; waited += 100) await sleep(100);
  const now = Date.now();
  // Same machine, same clock: the timed pages' count at the instant Redis was asked.
  const timed = await probe.finish({
    version,
    raised,
    now,
    count: await redis.zcount(keys.contributions, `(${now - STEADY.windowMs}`, '+inf'),
  });
  const endedOn = ended() + timed.ended;
  const framesPerSecond = pages
    .map((page, index) => (page.frames - framesBefore[index]!) / result.seconds)
    .sort((a, b) => a - b);
  pages.forEach((page) => page.close());
  return {
    details: [
      `hot room: ${HOT.pages} pages, ${fmt.int(result.created)}/${fmt.int(result.total)} contributions answered 201 in ${result.seconds.toFixed(1)} s (${result.answers}); ` +
        `frames a second per page: median ${framesPerSecond[framesPerSecond.length >> 1]!.toFixed(1)}, max ${framesPerSecond.at(-1)!.toFixed(1)} (one per contribution before: ${HOT.perSecond}); ` +
        `POST answered → shown (${PROBE_PAGES} timed pages): p50 ${fmt.ms(timed.afterAnswer.p50)}, p99 ${fmt.ms(timed.afterAnswer.p99)}; POST sent → shown p50 ${fmt.ms(timed.afterSend.p50)}, p99 ${fmt.ms(timed.afterSend.p99)}; ` +
        `${endedOn}/${HOT.pages} pages ended on Redis' version and total, ${timed.counted}/${PROBE_PAGES} timed pages (browser models) on its count too`,
    ],
    rows: [
      {
        figure: 'hot room: frames a second per socket (max)',
        measured: framesPerSecond.at(-1)!.toFixed(1),
        baseline: `${HOT.perSecond} (one per change)`,
        ratio: '—',
        target: '≤ 10',
        met: framesPerSecond.at(-1)! <= 10.5,
      },
      {
        figure: 'hot room: p99 POST answered → shown',
        measured: fmt.ms(timed.afterAnswer.p99),
        baseline: '—',
        ratio: '—',
        target: '≤ 500 ms',
        met: timed.afterAnswer.p99 <= 500,
      },
      {
        figure: 'hot room: p99 POST sent → shown',
        measured: fmt.ms(timed.afterSend.p99),
        baseline: '14 s (a frame per change, before batching)',
        ratio: '—',
        target: '≤ 1 s',
        met: timed.afterSend.p99 <= 1_000,
      },
      {
        figure: "hot room: pages ending on Redis' version and total",
        measured: `${fmt.int(endedOn)}/${fmt.int(HOT.pages)}`,
        baseline: '—',
        ratio: '—',
        target: 'all',
        met: endedOn === HOT.pages,
      },
      {
        figure: "hot room: timed pages ending on Redis' count",
        measured: `${timed.counted}/${PROBE_PAGES}`,
        baseline: '—',
        ratio: '—',
        target: 'all',
        met: timed.counted === PROBE_PAGES,
      },
      {
        figure: 'hot room: contributions answered 201',
        measured: `${fmt.int(result.created)}/${fmt.int(result.total)}`,
        baseline: '—',
        ratio: '—',
        target: 'all',
        met: result.created === result.total,
      },
    ],
  };
}

/**
 * A hot project on one instance: a reconnect storm, a steady state and a hot room,
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
