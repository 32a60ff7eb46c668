import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { newId } from '../lib/ids';
import { importEvents, joinProject, type LiveEventsContext } from '../lib/live-events';
import { liveEventKeys } from '../lib/live-events/keys';
import { DEFAULT_WINDOWS, HOUR, type Windows } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { startRedisServer } from '../lib/redis/embedded';
import { sampleProject } from '../tests/sample-project';
import { loadEveryScript, MIX, pastEvents, usedMemory, withConnection } from './memory';
import type { FigureResult, Row } from './report';
import { fmt, progress, sleep } from './support';

const SIZES = [1_000, 10_000, 100_000];
const IN_FLIGHT = 20;
/**
 * The default windows but presence's: its 60 s is shorter than a 100k fill, so the first projects'
 * viewers expired before the measure and a project looked cheaper the more of them there were.
 */
const FILL_WINDOWS: Windows = { ...DEFAULT_WINDOWS, visitors: HOUR };
/** Short windows for the idle figure: every live-event key must be gone after the longest. */
const SHORT_WINDOWS: Windows = { contributions: 4_000, contributors: 2_000, news: 4_000, visitors: 2_000 };

const tab = () => ({ visitorId: randomBytes(12).toString('hex'), tabId: randomBytes(10).toString('base64url') });

/** One project with the spec's mix: its record, 50 contributions (10 recent), 2 news, 5 viewers. */
async function fillProject(
  slug: string,
  i: number,
  ctx: LiveEventsContext,
  events = pastEvents(slug, ctx.now()),
): Promise<void> {
  await saveProject(sampleProject(slug), i, ctx.redis);
  await importEvents(slug, events, ctx);
  for (let v = 0; v < MIX.viewers; v++) await joinProject(slug, tab(), ctx);
}

async function fill(
  count: number,
  ctx: LiveEventsContext,
  events?: (slug: string) => ReturnType<typeof pastEvents>,
): Promise<void> {
  for (let first = 0; first < count; first += IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, count - first) }, (_, j) => first + j);
    await Promise.all(batch.map((i) => fillProject(`scale-${i}`, i, ctx, events?.(`scale-${i}`))));
    if ((first + IN_FLIGHT) % 20_000 === 0)
      progress(`scale: ${fmt.int(first + IN_FLIGHT)} / ${fmt.int(count)} projects`);
  }
}

/** A fresh redis-server, `work` on a client of it, then both stopped. */
async function onFreshRedis<T>(work: (redis: Redis, url: string) => Promise<T>): Promise<T> {
  const server = await startRedisServer();
  try {
    return await withConnection(server.url, (redis) => work(redis, server.url));
  } finally {
    await server.stop();
  }
}

/** The keys a project's live events live in: all of them expire; its record and feed are not live events. */
const LIVE_EVENT_KINDS = [
  'contributions',
  'contributors',
  'contributionDetails',
  'news',
  'newsDetails',
  'visitors',
  'visitorTabs',
  'visitorTabCounts',
] as const;

async function liveEventKeysLeft(redis: Redis, count: number): Promise<number> {
  let left = 0;
  for (let i = 0; i < count; i++) {
    const keys = liveEventKeys(`scale-${i}`);
    left += await redis.exists(...LIVE_EVENT_KINDS.map((kind) => keys[kind]));
  }
  return left;
}

/**
 * Scale: the memory of 1k, 10k and 100k projects with the spec's mix on one redis-server (the
 * bytes a project costs do not depend on how many others there are: constant within 5 %), and
 * on short windows, no live-event key of an idle project left after its longest window.
 */
export async function measureScale(): Promise<FigureResult> {
  const perProject: number[] = [];
  const rows: Row[] = [];
  for (const size of SIZES) {
    progress(`scale: ${fmt.int(size)} projects with the spec's mix`);
    // Fixed costs apart, as in the memory figure: the script cache loaded before "empty", and the
    // fill on a connection of its own, closed (with its query and reply buffers) before measuring.
    const bytes = await onFreshRedis(async (redis, url) => {
      await loadEveryScript(redis);
      const empty = await usedMemory(redis);
      const now = Date.now();
      await withConnection(url, (writer) => fill(size, { redis: writer, windows: FILL_WINDOWS, now: () => now }));
      return (await usedMemory(redis)) - empty;
    });
    perProject.push(bytes / size);
    rows.push({
      figure: `scale: memory of ${fmt.int(size)} projects`,
      measured: `${fmt.mb(bytes)} (${fmt.int(bytes / size)} B/project)`,
      baseline: '—',
      ratio: '—',
      target: '—',
      met: null,
    });
  }
  const spread = (Math.max(...perProject) - Math.min(...perProject)) / Math.min(...perProject);
  rows.push({
    figure: 'scale: bytes per project, 1k → 100k',
    measured: `${fmt.pct(spread)} apart`,
    baseline: '—',
    ratio: '—',
    target: '≤ 5 %',
    met: spread <= 0.05,
  });

  const idle = 1_000;
  progress(`scale: ${fmt.int(idle)} projects on short windows, left idle`);
  const left = await onFreshRedis(async (redis) => {
    const ctx = { redis, windows: SHORT_WINDOWS, now: Date.now };
    const recent = (slug: string) =>
      pastEvents(slug, Date.now()).map((event, i) => ({ ...event, id: newId(), at: Date.now() - (i % 1_000) }));
    await fill(idle, ctx, recent);
    const longest = Math.max(...Object.values(SHORT_WINDOWS));
    await sleep(longest + 1_000);
    return liveEventKeysLeft(redis, idle);
  });
  rows.push({
    figure: `scale: live-event keys of ${fmt.int(idle)} idle projects after the longest window`,
    measured: String(left),
    baseline: '—',
    ratio: '—',
    target: '0',
    met: left === 0,
  });
  return {
    details: [
      `projects filled ${IN_FLIGHT} at a time: record, import of ${MIX.contributions} contributions and ${MIX.news} news, ${MIX.viewers} viewers joining`,
      `bytes per project: ${perProject.map((bytes) => fmt.int(bytes)).join(' / ')} (${SIZES.map((size) => fmt.int(size)).join(' / ')} projects)`,
      `idle: windows ${JSON.stringify(SHORT_WINDOWS)}, keys checked with EXISTS after the longest window + 1 s`,
    ],
    rows,
  };
}
