/**
 * `npm run bench`: measures the spec's performance figures in one run and prints them as a
 * table, each beside a baseline measured in the same run where there is one. Starts its own
 * redis-servers and its own app server (a production build; rebuilt first when a source changed) on free
 * loopback ports, and stops them at the end, also on failure or Ctrl-C. With `--write
 * docs/benchmarks.md` it also replaces each measured figure's block in that document.
 */
import os from 'node:os';
import path from 'node:path';
import { startRedisServer } from '../lib/redis/embedded';
import { buildIfNeeded } from '../scripts/build-if-needed';
import { measureAcknowledged } from './acknowledged';
import { startApp } from './app';
import { measureBulk } from './bulk';
import { measureCatalogue } from './catalogue';
import { measureCluster } from './cluster';
import { measureFeed } from './feed';
import { measureFolding } from './folding';
import { measureHotRedis } from './hot-redis';
import { measureHot } from './hot';
import { measureIngest } from './ingest';
import { measureLeaderboard } from './leaderboard';
import { measureLedger } from './ledger';
import { measureTierContention } from './tier-contention';
import { measureLighthouse } from './lighthouse';
import { measureMemory } from './memory';
import { measurePages } from './pages';
import { reservePageCopies } from './page-copies';
import { measureStorm } from './storm';
import { measurePush } from './push';
import { checkBlocks, renderMeasurement, takeWriteOption, writeBlocks } from './doc-block';
import { formatDetails, formatTable, type FigureResult, type Row } from './report';
import { measureRoundTrips } from './round-trips';
import { measureScale } from './scale';
import { measureSizing } from './sizing';
import { measureTimeline } from './timeline';
import { Cleanup, ROOT, machineInfo, progress } from './support';

const FIGURES = [
  'round-trips',
  'push',
  'ingest',
  'acknowledged',
  'bulk',
  'hot',
  'leaderboard',
  'timeline',
  'folding',
  'memory',
  'ledger',
  'tiers',
  'scale',
  'catalogue',
  'cluster',
  'feed',
  'sizing',
  'pages',
  'lighthouse',
  'storm',
] as const;
type Figure = (typeof FIGURES)[number];
/** The figures whose block lives in another document than the one `--write` names by default (docs/benchmarks.md). */
const DOCUMENT_OF: Partial<Record<Figure, string>> = { sizing: 'docs/operations.md' };
/** The figures that need the app server on one Redis; they and the cluster's need a production build. */
const APP_FIGURES: readonly Figure[] = ['push', 'ingest', 'bulk', 'pages', 'lighthouse'];

const { args, writeTo } = takeWriteOption(process.argv.slice(2));

/** `npm run bench` measures every figure; `npm run bench -- push bulk` only those. */
function selectedFigures(): Set<Figure> {
  const unknown = args.filter((name) => !(FIGURES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown figure(s) ${unknown.join(', ')}; choose from ${FIGURES.join(', ')}`);
  return new Set(args.length > 0 ? (args as Figure[]) : FIGURES);
}

/** Whether `--write <file>` writes this figure's block: a figure with a document of its own only into that one. */
const writesInto = (figure: Figure, file: string) => {
  const own = DOCUMENT_OF[figure];
  return own === undefined || path.resolve(ROOT, own) === path.resolve(ROOT, file);
};

async function main(): Promise<void> {
  const selected = selectedFigures();
  if (writeTo) {
    const written = [...selected].filter((figure) => writesInto(figure, writeTo));
    if (written.length === 0)
      throw new Error(
        `none of ${[...selected].join(', ')} has its block in ${writeTo}: ${[...selected].map((f) => `${f} → ${DOCUMENT_OF[f] ?? 'docs/benchmarks.md'}`).join(', ')}`,
      );
    for (const figure of selected)
      if (!written.includes(figure))
        progress(`${figure}: its block is in ${DOCUMENT_OF[figure]}, not written into ${writeTo}`);
    checkBlocks(
      writeTo,
      written.map((figure) => `bench:${figure}`),
    );
  }
  const loadAtStart = os.loadavg();
  process.chdir(ROOT); // the Lua loader reads scripts relative to the project root
  const needsApp = APP_FIGURES.some((figure) => selected.has(figure));
  if (needsApp || ['cluster', 'catalogue', 'hot', 'storm'].some((figure) => selected.has(figure as Figure)))
    buildIfNeeded();

  const cleanup = new Cleanup();
  const interrupted = () => void cleanup.run().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const figures: [figure: Figure, title: string, result: FigureResult][] = [];
  let machine: string[] = [];
  try {
    const redis = await startRedisServer();
    cleanup.add('redis-server (app)', () => redis.stop());
    machine = await machineInfo(redis.url, loadAtStart);

    if (selected.has('round-trips')) {
      progress('round trips per operation');
      figures.push(['round-trips', 'Round trips per operation', await measureRoundTrips()]);
    }
    if (selected.has('leaderboard')) figures.push(['leaderboard', 'Leaderboard', await measureLeaderboard()]);
    if (needsApp) {
      if (selected.has('pages')) cleanup.add("the pages' copies", await reservePageCopies());
      progress(`starting the app (production build) against ${redis.url}`);
      const app = await startApp(redis.url);
      cleanup.add('app server', () => app.stop());
      progress(`app ready on ${app.url}`);
      if (selected.has('push')) figures.push(['push', 'Live push', await measurePush(app)]);
      if (selected.has('ingest')) figures.push(['ingest', 'Single-event ingest', await measureIngest(app, redis.url)]);
      if (selected.has('bulk')) figures.push(['bulk', 'Bulk ingest', await measureBulk(app, redis.url)]);
      if (selected.has('pages'))
        figures.push(['pages', 'Pages and writes beside a static file', await measurePages(app, redis.url)]);
      if (selected.has('lighthouse'))
        figures.push(['lighthouse', 'Lighthouse on a phone', await measureLighthouse(app)]);
    }
    let hot: FigureResult | undefined;
    if (selected.has('hot')) {
      progress('a hot project: its own app (production build) with a short contributions window');
      hot = await measureHot(redis.url);
    }
    await cleanup.run(); // the app and its Redis are done: free the CPU for the memory figure

    if (hot) {
      // The hot project's Redis side (presence, bounded scripts): private redis-servers, once the app is stopped.
      const redisSide = await measureHotRedis();
      figures.push([
        'hot',
        'A hot project',
        { rows: [...hot.rows, ...redisSide.rows], details: [...hot.details, ...redisSide.details] },
      ]);
    }
    if (selected.has('acknowledged'))
      figures.push(['acknowledged', 'Acknowledged writes on a cluster', await measureAcknowledged()]);
    if (selected.has('timeline')) figures.push(['timeline', 'Timelines', await measureTimeline()]);
    if (selected.has('feed')) figures.push(['feed', 'Home feeds: fan-out on write', await measureFeed()]);
    if (selected.has('memory')) figures.push(['memory', 'Memory', await measureMemory()]);
    if (selected.has('ledger')) figures.push(['ledger', 'The ledger at 1,000,000 pledges', await measureLedger()]);
    if (selected.has('tiers'))
      figures.push(['tiers', 'A limited tier under contention', await measureTierContention()]);
    if (selected.has('folding')) figures.push(['folding', 'Event folding', await measureFolding()]);
    if (selected.has('scale')) figures.push(['scale', 'Scale: 1k, 10k, 100k projects', await measureScale()]);
    if (selected.has('catalogue'))
      figures.push(['catalogue', 'Catalogue: 1k, 10k, 100k projects', await measureCatalogue()]);
    if (selected.has('cluster'))
      figures.push(['cluster', 'Redis Cluster, instances behind HAProxy', await measureCluster()]);
    if (selected.has('storm'))
      figures.push(['storm', 'A launch: a page storm on the cluster behind HAProxy', await measureStorm()]);
    if (selected.has('sizing')) figures.push(['sizing', 'Sizing: where it breaks', await measureSizing()]);
  } finally {
    await cleanup.run();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  const rows: Row[] = figures.flatMap(([, , result]) => result.rows);
  console.log(formatDetails('Machine', machine));
  for (const [, title, result] of figures) console.log(`\n${formatDetails(title, result.details)}`);
  console.log(`\n${formatTable(rows)}`);
  for (const [, title, result] of figures)
    for (const table of result.tables ?? []) console.log(`\n## ${title}\n\n${table}`);
  const missed = rows.filter((row) => row.met === false).map((row) => row.figure);
  console.log(missed.length === 0 ? '\nAll targets met.' : `\nTargets not met: ${missed.join('; ')}.`);
  if (writeTo) {
    const date = new Date();
    const command = ['npm run bench', ...(args.length > 0 ? ['--', ...args] : [])].join(' ');
    const blocks = figures
      .filter(([figure]) => writesInto(figure, writeTo))
      .map(([figure, , result]) => [
        `bench:${figure}`,
        renderMeasurement({ date, command, machine, tables: [formatTable(result.rows), ...(result.tables ?? [])] }),
      ]);
    writeBlocks(writeTo, Object.fromEntries(blocks));
    progress(`wrote ${blocks.map(([name]) => name).join(', ')} into ${writeTo}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
