import type { Redis } from 'ioredis';
import {
  cancelContribution,
  heartbeatVisitors,
  importEvents,
  joinProject,
  leaveProject,
  publishNews,
  readLiveSnapshot,
  recordContribution,
  unpublishNews,
  type LiveEventsContext,
} from '../lib/live-events';
import { foldingConfig } from '../lib/folding/config';
import { metricFolderOn } from '../lib/folding/metric-events';
import { readActivity } from '../lib/live-events/activity';
import { DEFAULT_WINDOWS, MINUTE } from '../lib/live-events/windows';
import { TIMELINE_SLACK } from '../lib/timeline/config';
import { pushEntry } from '../lib/timeline/timeline';
import { recordView } from '../lib/visitors/recently-viewed';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import type { FigureResult, Row } from './report';
import { sampleProject } from '../tests/sample-project';

/** Counts the commands a client sends, by wrapping its sendCommand. */
function countCommands(redis: Redis) {
  const original = redis.sendCommand.bind(redis);
  let sent: { name: string }[] = [];
  redis.sendCommand = ((command, stream) => {
    sent.push(command);
    return original(command, stream);
  }) as Redis['sendCommand'];
  return async (operation: () => Promise<unknown>) => {
    sent = [];
    await operation();
    // Read names afterwards: a script command turns from EVALSHA into EVAL as it is written.
    return sent.map((command) => command.name.toUpperCase());
  };
}

/**
 * Round trips per live-event operation: how many commands one call sends. The first call of a
 * script on a connection is an EVAL, the next ones EVALSHA; both are one command.
 */
export async function measureRoundTrips(): Promise<FigureResult> {
  const server = await startRedisServer();
  const redis = createRedis(server.url);
  try {
    await waitUntilReady(redis);
    const slug = 'round-trips';
    await saveProject(sampleProject(slug), 0, redis);
    const ctx: LiveEventsContext = { redis, windows: DEFAULT_WINDOWS, now: Date.now };
    const count = countCommands(redis);
    const timeline = { list: '{rt}:timeline', seqHash: '{rt}:owner', seqField: 'seq' };
    const now = Date.now();
    const folder = metricFolderOn(redis, foldingConfig({ windowMs: 1_000, maxWaitMs: 10_000, leaseMs: 5_000 }));
    let claimed: string | undefined;

    // Each operation runs twice: the first call of a script on a connection is an EVAL, the
    // next ones EVALSHA. Ids carry the pass number so that the second pass is not a duplicate.
    const operations = (
      pass: number,
    ): [name: string, write: boolean, run: () => Promise<unknown>, expected?: number][] => [
      ['recordContribution', true, () => recordContribution(slug, { id: `rt-c${pass}`, name: 'Ada', amount: 5 }, ctx)],
      ['cancelContribution', true, () => cancelContribution(slug, `rt-c${pass}`, ctx)],
      [
        'publishNews',
        true,
        () => publishNews(slug, { id: `rt-n${pass}`, title: 'News', url: 'https://example.org/n' }, ctx),
      ],
      ['unpublishNews', true, () => unpublishNews(slug, `rt-n${pass}`, ctx)],
      ['importEvents (100 events)', true, () => importEvents(slug, importBatch(pass, now), ctx)],
      ['joinProject', true, () => joinProject(slug, { visitorId: `rt-visitor-${pass}000`, tabId: 'tab' }, ctx)],
      [
        'heartbeatVisitors',
        true,
        () => heartbeatVisitors(slug, [{ visitorId: `rt-visitor-${pass}000`, tabId: 'tab' }], ctx),
      ],
      ['leaveProject', true, () => leaveProject(slug, { visitorId: `rt-visitor-${pass}000`, tabId: 'tab' }, ctx)],
      ['readLiveSnapshot (a read)', false, () => readLiveSnapshot(slug, ctx)],
      [
        'timeline push (pushEntry)',
        true,
        () => pushEntry(redis, timeline, ['entry', pass], { cap: 100, slack: TIMELINE_SLACK, ttlMs: 60_000 }),
      ],
      ['recordView (recently viewed)', true, () => recordView(`rt-visitor-${pass}000`, slug, redis)],
      ['readActivity (a read)', false, () => readActivity(slug, {}, ctx)],
      [
        'fold (a metric event)',
        true,
        () => folder.fold({ id: 'p', account_id: `rt-${pass}`, metrics: { likes: 1 } }, now + pass * 10_000),
      ],
      // A folder is FOLD_SHARDS slots: a claim runs one script per shard, all sent at once.
      [
        `claimDue (claims the fold; one script per shard of ${folder.shards.length})`,
        true,
        async () => {
          claimed = (await folder.claimDue(now + pass * 10_000 + 1_001)).folds[0]?.key;
          if (!claimed) throw new Error('the fold was not claimed');
        },
        folder.shards.length,
      ],
      [
        'ack (publishes it)',
        true,
        async () => {
          if (!(await folder.ack(claimed!, now + pass * 10_000 + 1_002))) throw new Error('the fold was not published');
        },
      ],
    ];
    const passes: string[][][] = [];
    for (const pass of [0, 1]) {
      const sent: string[][] = [];
      for (const [, , run] of operations(pass)) sent.push(await count(run));
      passes.push(sent);
    }
    const rows: Row[] = [];
    const details: string[] = [];
    for (const [i, [name, write, , expected = 1]] of operations(0).entries()) {
      const [cold = [], warm = []] = passes.map((sent) => sent[i] ?? []);
      const worst = Math.max(cold.length, warm.length);
      details.push(`${name}: 1st call sent [${cold.join(', ')}], 2nd call sent [${warm.join(', ')}]`);
      rows.push({
        figure: `round trips: ${name}`,
        measured: String(worst),
        baseline: '—',
        ratio: '—',
        target: write ? String(expected) : `${expected} (read)`,
        met: worst === expected,
      });
    }
    return { rows, details };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
    await server.stop();
  }
}

function importBatch(pass: number, now: number) {
  return Array.from({ length: 100 }, (_, i) => ({
    kind: 'contribution' as const,
    id: `rt-import-${pass}-${i}`,
    name: 'Imported',
    amount: 5,
    at: now - (i + 1) * MINUTE,
  }));
}
