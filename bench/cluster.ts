import { randomBytes } from 'node:crypto';
import { readTop, type LeaderboardContext } from '../lib/leaderboard';
import { BOARD_SIZE, boardKeys } from '../lib/leaderboard/keys';
import { readLiveSnapshot, recordContribution, type LiveEventsContext } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady, type RedisClient } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { startLocalCluster, type LocalClusterHandle } from '../lib/scale/local-cluster';
import { TIMELINE_SLACK, type TimelineRef } from '../lib/timeline/config';
import { pushEntry } from '../lib/timeline/timeline';
import { startScaledSite } from '../lib/scale/site';
import { sampleProject } from '../tests/sample-project';
import { addBenchEntry } from './board-entries';
import { measureFailover } from './failover';
import { measureFanIn } from './fan-in';
import { timed, type Timing } from './leaderboard';
import { measurePush } from './push';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress } from './support';

const OPS = 4_000;
const ROUNDS = 2;
const PROJECTS = 30;

const rateOf = (runs: Timing[]) =>
  (runs.reduce((sum, run) => sum + run.ops, 0) / runs.reduce((sum, run) => sum + run.ms, 0)) * 1000;
const p99Of = (runs: Timing[]) =>
  percentile(
    runs.flatMap((run) => run.latencies).toSorted((a, b) => a - b),
    99,
  );

/** `slotKey`: an operation whose keys all live in one slot, also timed with a plain client straight to its master. */
type Operation = { name: string; run: (redis: RedisClient, i: number) => Promise<unknown>; slotKey?: string };

/** The operations of the single-Redis figures, each given the client it runs on. */
function operations(slugs: string[]): Operation[] {
  const live = (redis: RedisClient): LiveEventsContext => ({ redis, windows: DEFAULT_WINDOWS, now: Date.now });
  const boardKeysUsed = boardKeys('bench-cluster-board');
  const board = (redis: RedisClient): LeaderboardContext => ({
    redis,
    keys: boardKeysUsed,
    size: BOARD_SIZE,
    now: Date.now,
  });
  const ref: TimelineRef = { list: '{bench}:timeline', seqHash: '{bench}:owner', seqField: 'seq' };
  let score = 0;
  return [
    {
      name: 'recordContribution',
      run: (redis, i) => recordContribution(slugs[i % slugs.length]!, { name: 'Bench', amount: 1 }, live(redis)),
    },
    { name: 'readLiveSnapshot (a read)', run: (redis, i) => readLiveSnapshot(slugs[i % slugs.length]!, live(redis)) },
    {
      name: 'leaderboard submit',
      run: (redis) =>
        addBenchEntry({ id: `c${score}`, name: 'Bench player', score: score++, date: Date.now() }, board(redis)),
      slotKey: boardKeysUsed.version,
    },
    {
      name: 'leaderboard top-100 read',
      run: (redis) => readTop(BOARD_SIZE, board(redis)),
      slotKey: boardKeysUsed.version,
    },
    {
      name: 'timeline push',
      run: (redis) =>
        pushEntry(redis, ref, ['contribution', 'x', 1], { cap: 100, slack: TIMELINE_SLACK, ttlMs: 3_600_000 }),
      slotKey: ref.list,
    },
  ];
}

/**
 * Every operation on one redis-server and on the cluster, in the same run, alternating rounds so
 * that drift hits both alike. Projects are spread over the cluster's masters by their slugs. A
 * single-slot operation is also timed with a plain client straight to its master: what the
 * cluster's servers cost (a master feeding its replica, on the same cores) apart from what
 * routing through ioredis' `Cluster` costs.
 */
async function perOperation(
  single: RedisClient,
  cluster: RedisClient,
  handle: LocalClusterHandle,
): Promise<{ rows: Row[]; details: string[] }> {
  const slugs = Array.from({ length: PROJECTS }, (_, i) => `bench-cluster-${i}`);
  for (const redis of [single, cluster])
    for (const slug of slugs) await saveProject(sampleProject(slug), Date.now(), redis);
  const rows: Row[] = [];
  const details: string[] = [];
  for (const operation of operations(slugs)) {
    progress(`cluster: ${operation.name}, one redis-server against the cluster`);
    const master = operation.slotKey ? await handle.masterFor(operation.slotKey) : undefined;
    const clients = [single, cluster, ...(master ? [createRedis(`redis://${master.host}:${master.port}`)] : [])];
    try {
      await Promise.all(clients.map((redis) => waitUntilReady(redis)));
      for (const redis of clients) await timed(500, (i) => operation.run(redis, i)); // warm-up: scripts loaded, connections open
      const runs: Timing[][] = clients.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [c, redis] of clients.entries()) runs[c]!.push(await timed(OPS, (i) => operation.run(redis, i)));
      }
      const [one, many, direct] = runs.map(rateOf) as [number, number, number?];
      details.push(
        `${operation.name}: one Redis ${fmt.int(one)} ops/s (p99 ${fmt.ms(p99Of(runs[0]!))}), cluster ${fmt.int(many)} ops/s (p99 ${fmt.ms(p99Of(runs[1]!))})` +
          (direct === undefined
            ? ''
            : `, its master straight with a plain client ${fmt.int(direct)} ops/s (${fmt.pct(direct / one)} of one Redis)`),
      );
      rows.push({
        figure: `cluster: ${operation.name}`,
        measured: `${fmt.int(many)} ops/s`,
        baseline: `${fmt.int(one)} ops/s (one Redis)`,
        ratio: fmt.pct(many / one),
        target: '≥ 90 %',
        met: many / one >= 0.9,
      });
    } finally {
      clients[2]?.disconnect();
    }
  }
  return { rows, details };
}

/** A cluster of 3 masters with a replica each (or more), and a client of it as the app creates it. */
export async function startBenchCluster(
  replicasPerMaster = 1,
): Promise<{ cluster: LocalClusterHandle; redis: RedisClient }> {
  const cluster = await startLocalCluster({ masters: 3, replicasPerMaster });
  const redis = createRedis({ mode: 'cluster', nodes: cluster.nodes });
  await waitUntilReady(redis);
  return { cluster, redis };
}

export async function measureClusterOperations(): Promise<FigureResult> {
  const server = await startRedisServer();
  const single = createRedis(server.url);
  const { cluster, redis } = await startBenchCluster();
  try {
    await waitUntilReady(single);
    const { rows, details } = await perOperation(single, redis, cluster);
    return {
      details: [
        `${ROUNDS} rounds × ${fmt.int(OPS)} calls per measure, 8 in flight (as the leaderboard figure), one Redis and the cluster alternating`,
        ...details,
      ],
      rows,
    };
  } finally {
    single.disconnect();
    redis.disconnect();
    await cluster.stop();
    await server.stop();
  }
}

/**
 * `npm run bench -- cluster`: the per-operation figures on the cluster against one Redis, then
 * the site at scale (the cluster, 2 instances, HAProxy): live push to 1,000 viewers split over
 * both instances, and a master killed under load.
 */
export async function measureCluster(): Promise<FigureResult> {
  const operationsFigure = await measureClusterOperations();
  // Two replicas a master: the one promoted by the failover figure still has one to acknowledge writes.
  const { cluster, redis } = await startBenchCluster(2);
  const adminToken = randomBytes(18).toString('base64url');
  const quiet = { RATE_LIMIT_PER_MIN: '0', SIMULATE: '0', SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  progress('cluster: starting 2 instances behind HAProxy on the cluster');
  const site = await startScaledSite({
    instances: 2,
    env: { ...quiet, REDIS_CLUSTER_NODES: cluster.seedNodes, ADMIN_TOKEN: adminToken },
    firstInstanceEnv: { SEED_DEMO: '1' },
  });
  try {
    const fanIn = await measureFanIn(redis, { mode: 'cluster', nodes: cluster.nodes });
    const push = await measurePush({ url: site.url, adminToken, stop: async () => undefined });
    const failover = await measureFailover(site, cluster, redis);
    return {
      details: [
        ...operationsFigure.details,
        ...fanIn.details,
        ...push.details.map((line) => `behind HAProxy, 2 instances: ${line}`),
        ...failover.details,
      ],
      rows: [
        ...operationsFigure.rows,
        ...fanIn.rows,
        ...push.rows.map((row) => ({ ...row, figure: `cluster + 2 instances + HAProxy: ${row.figure}` })),
        ...failover.rows,
      ],
    };
  } finally {
    await site.stop();
    redis.disconnect();
    await cluster.stop();
  }
}
