import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { newId } from '../lib/ids';
import { importEvents, joinProject, type LiveEventsContext } from '../lib/live-events';
import { liveEventKeys } from '../lib/live-events/keys';
import { projectKeys } from '../lib/projects/keys';
import { DEFAULT_WINDOWS, HOUR, MINUTE } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { declaredScripts } from '../lib/redis/script';
import '../lib/creators/scripts';
import '../lib/folding/scripts';
import '../lib/leaderboard/scripts';
import '../lib/live-events/scripts';
import '../lib/projects/scripts';
import '../lib/quiz/scripts';
import '../lib/timeline/scripts';
import { BACKER_NAMES, NEWS_TITLES } from '../lib/projects/demo-names';
import type { FigureResult } from './report';
import { sampleProject } from '../tests/sample-project';
import { fmt, progress, redisInfo, sleep } from './support';

const PROJECTS = 500;
export const MIX = { contributions: 50, contributors: 10, news: 2, viewers: 5 };
const TARGET_BYTES = 3e6;

const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;

/** The spec's mix: 50 contributions in 24 h, 10 of them in the contributors window, 2 news. */
export function pastEvents(slug: string, now: number) {
  const contributions = Array.from({ length: MIX.contributions }, (_, i) => ({
    kind: 'contribution' as const,
    id: newId(),
    name: pick(BACKER_NAMES, i),
    amount: pick([5, 10, 25, 40, 100, 250], i),
    at:
      i < MIX.contributors
        ? now - (i + 1) * 2 * MINUTE
        : now - 31 * MINUTE - Math.floor((i / MIX.contributions) * 23 * HOUR),
  }));
  const news = Array.from({ length: MIX.news }, (_, i) => ({
    kind: 'news' as const,
    id: newId(),
    title: pick(NEWS_TITLES, i),
    url: `https://example.org/${slug}/updates/${i + 1}`,
    at: now - (i + 1) * 3 * HOUR,
  }));
  return [...contributions, ...news];
}

/** used_memory once the server is idle (client query buffers are resized by Redis' cron). */
export async function usedMemory(redis: Redis): Promise<number> {
  await sleep(1_000);
  return Number((await redisInfo(redis, 'memory')).get('used_memory'));
}

/** The script cache is part of used_memory but not of the data: load it before measuring "empty". */
export async function loadEveryScript(redis: Redis): Promise<void> {
  for (const script of declaredScripts) await redis.script('LOAD', script.source());
}

/**
 * Runs `work` on a connection of its own and closes it: its query and reply buffers (imports
 * send kilobytes of arguments; the scans pipeline thousands of commands) go with it, rather than
 * lingering in used_memory until Redis' cron shrinks them, which made the figures drift by
 * ±0.07 MB from run to run.
 */
export async function withConnection<T>(url: string, work: (redis: Redis) => Promise<T>): Promise<T> {
  // No command timeout (the app's fails a command after 2 s): a busy machine must slow a fill, not break it.
  const redis = new Redis(url);
  try {
    return await work(redis);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** MEMORY USAGE summed per kind of key (the part after the project's hash tag; one kind for every creator's index). */
async function usageByKind(redis: Redis): Promise<Map<string, { keys: number; bytes: number; encoding: string }>> {
  const kinds = new Map<string, { keys: number; bytes: number; encoding: string }>();
  let cursor = '0';
  for (let page = 0; page < 10_000; page++) {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1_000);
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.memory('USAGE', key, 'SAMPLES', 0).object('ENCODING', key);
    const replies = (await pipeline.exec()) ?? [];
    keys.forEach((key, i) => {
      const kind = key.replace(/^\{project:[^}]*\}:/, '').replace(/^(\{catalogue\}:creator:).*/, '$1<account>');
      const entry = kinds.get(kind) ?? { keys: 0, bytes: 0, encoding: String(replies[2 * i + 1]?.[1]) };
      entry.keys += 1;
      entry.bytes += Number(replies[2 * i]?.[1] ?? 0);
      kinds.set(kind, entry);
    });
    cursor = next;
    if (cursor === '0') break;
  }
  return kinds;
}

/**
 * Redis memory of 500 projects with the spec's mix, on a fresh redis-server: used_memory before,
 * after the projects' info hashes, and after their live events (8 keys per project).
 */
export async function measureMemory(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    await loadEveryScript(redis);
    const now = Date.now();
    const slugs = Array.from({ length: PROJECTS }, (_, i) => `bench-project-${i}`);
    const empty = await usedMemory(redis);

    progress(`memory: ${PROJECTS} projects, then their live events`);
    await withConnection(server.url, async (writer) => {
      for (const [i, slug] of slugs.entries()) await saveProject(sampleProject(slug), i, writer);
    });
    const withProjects = await usedMemory(redis);
    await withConnection(server.url, async (writer) => {
      const ctx: LiveEventsContext = { redis: writer, windows: DEFAULT_WINDOWS, now: () => now };
      for (const slug of slugs) {
        const { imported } = await importEvents(slug, pastEvents(slug, now), ctx);
        if (imported !== MIX.contributions + MIX.news) throw new Error(`import into ${slug}: ${imported} imported`);
        for (let v = 0; v < MIX.viewers; v++)
          await joinProject(
            slug,
            { visitorId: randomBytes(12).toString('hex'), tabId: randomBytes(10).toString('base64url') },
            ctx,
          );
      }
    });
    const withEvents = await usedMemory(redis);
    // The activity feeds (issue 5) are measured apart, by what unlinking them frees, so the
    // live-event figure keeps its meaning.
    const feedBytesEach = Number(await redis.memory('USAGE', liveEventKeys(slugs[0]!).activity, 'SAMPLES', 0));
    await withConnection(server.url, async (writer) => {
      const unlink = writer.pipeline();
      for (const slug of slugs) unlink.unlink(liveEventKeys(slug).activity);
      await unlink.exec();
    });
    const withoutFeeds = await usedMemory(redis);
    // The ledgers too (issue 42): kept for each project's life, measured apart, per pledge.
    const ledgerBytesEach = Number(await redis.memory('USAGE', projectKeys.ledger(slugs[0]!), 'SAMPLES', 0));
    const ledgerEncoding = String(await redis.object('ENCODING', projectKeys.ledger(slugs[0]!)));
    await withConnection(server.url, async (writer) => {
      const unlink = writer.pipeline();
      for (const slug of slugs) unlink.unlink(projectKeys.ledger(slug));
      await unlink.exec();
    });
    const withoutLedgers = await usedMemory(redis);
    const keys = await redis.dbsize();
    const kinds = await withConnection(server.url, usageByKind);

    const projectBytes = withProjects - empty;
    const feedBytes = withEvents - withoutFeeds;
    const ledgerBytes = withoutFeeds - withoutLedgers;
    const liveBytes = withoutLedgers - withProjects;
    const totalBytes = withoutLedgers - empty;
    const feedEntries = MIX.contributions + MIX.news;
    const zsetKinds = ['contributions', 'contributors', 'news', 'visitors'];
    const zsetBytes = zsetKinds.reduce((sum, kind) => sum + (kinds.get(kind)?.bytes ?? 0), 0);
    const zsetKeys = zsetKinds.reduce((sum, kind) => sum + (kinds.get(kind)?.keys ?? 0), 0);
    const byKind = [...kinds]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, { keys: n, bytes, encoding }]) => `${kind}: ${n} keys, ${fmt.int(bytes / n)} B each (${encoding})`);
    return {
      details: [
        `fresh redis-server: used_memory ${fmt.mb(empty)} empty (scripts loaded), ${fmt.mb(withProjects)} with ` +
          `${PROJECTS} project info hashes, ${fmt.mb(withEvents)} with their live events, ledgers and feeds; ${fmt.int(keys)} keys without the feeds and ledgers`,
        `per project: ${MIX.contributions} contributions (${MIX.contributors} in the contributors window), ` +
          `${MIX.news} news, ${MIX.viewers} viewers: ${fmt.int(liveBytes / PROJECTS)} B of live events + ` +
          `${fmt.int(projectBytes / PROJECTS)} B of project info, and ${fmt.int(feedBytes / PROJECTS)} B of activity feed ` +
          `(${feedEntries} entries: every imported event; MEMORY USAGE of one feed list ${fmt.int(feedBytesEach)} B)`,
        `MEMORY USAGE by kind of key: ${byKind.join('; ')}`,
        `ledgers: used_memory freed by unlinking them, ${fmt.int(ledgerBytes / PROJECTS)} B/project, ${fmt.int(ledgerBytes / (PROJECTS * MIX.contributions))} B/pledge ` +
          `(MEMORY USAGE of one ${fmt.int(ledgerBytesEach)} B, ${ledgerEncoding}); not in the live-event figures`,
        'live events = 4 sorted sets (contributions, contributors, news, visitors) + 4 hashes ' +
          '(contribution-details, news-details, visitor-tabs, visitor-tab-counts with the count last published) per project, ' +
          'and what they add to info; used_memory also counts the keyspace tables',
        'activity feeds: used_memory freed by unlinking the feed lists; the live-event figures are measured without them, ' +
          "but keep one cost of the feed: the expires table sized for the feed keys (the feed's sequence is the project version)",
      ],
      rows: [
        {
          figure: `memory: live events of ${PROJECTS} projects`,
          measured: `${fmt.mb(liveBytes)} (${fmt.int(liveBytes / PROJECTS)} B/project)`,
          baseline: '—',
          ratio: '—',
          target: '≤ 3 MB',
          met: liveBytes <= TARGET_BYTES,
        },
        {
          figure: `memory: of which the ${fmt.int(zsetKeys)} sorted sets`,
          measured: `${fmt.mb(zsetBytes)} (MEMORY USAGE)`,
          baseline: '—',
          ratio: '—',
          target: '≤ 3 MB',
          met: zsetBytes <= TARGET_BYTES,
        },
        {
          figure: `memory: activity feeds of ${PROJECTS} projects (${feedEntries} entries each)`,
          measured: `${fmt.mb(feedBytes)} (${fmt.int(feedBytes / PROJECTS)} B/project)`,
          baseline: '—',
          ratio: '—',
          target: '— (apart from the live events)',
          met: null,
        },
        {
          figure: `memory: ledgers of ${PROJECTS} projects (${MIX.contributions} pledges each, their backers' index in them)`,
          measured: `${fmt.mb(ledgerBytes)} (${fmt.int(ledgerBytes / (PROJECTS * MIX.contributions))} B/pledge)`,
          baseline: '—',
          ratio: '—',
          target: '— (apart from the live events)',
          met: null,
        },
        {
          figure: 'memory: project info hashes + catalogue',
          measured: `${fmt.mb(projectBytes)} (${fmt.int(projectBytes / PROJECTS)} B/project)`,
          baseline: '—',
          ratio: '—',
          target: '—',
          met: null,
        },
        {
          figure: 'memory: total above an empty server, feeds and ledgers apart',
          measured: `${fmt.mb(totalBytes)}, ${fmt.int(keys)} keys`,
          baseline: '—',
          ratio: '—',
          target: '≤ 3 MB',
          met: totalBytes <= TARGET_BYTES,
        },
      ],
    };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}
