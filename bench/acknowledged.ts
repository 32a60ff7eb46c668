import { projectWriteContext } from '../lib/creators/project-writes';
import { recordContribution } from '../lib/live-events';
import { configuredWindows } from '../lib/live-events/context';
import { saveProject } from '../lib/projects/save';
import { projectKeys } from '../lib/projects/keys';
import { acknowledged, REPLICA_WAIT_MS } from '../lib/redis/acknowledged';
import { createRedis, waitUntilReady, type RedisClient } from '../lib/redis/client';
import { startLocalCluster } from '../lib/scale/local-cluster';
import { sampleProject } from '../tests/sample-project';
import type { FigureResult, Row } from './report';
import { fmt, percentile, progress } from './support';

/** Small on purpose: the figure is the added round trip, not the cluster's ceiling. */
const SEQUENTIAL = 1_000;
const CONCURRENT = 4_000;
const WRITERS = 20;
const ROUNDS = 2;

type Run = { writes: number; seconds: number; latencies: number[] };

/** `writes` contributions by `writers` loops at once; each latency is one write's, from call to answer. */
async function run(write: (i: number) => Promise<unknown>, writes: number, writers: number): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < writes) {
        const i = next++;
        const before = process.hrtime.bigint();
        await write(i);
        latencies.push(Number(process.hrtime.bigint() - before) / 1e6);
      }
    }),
  );
  return { writes, seconds: Number(process.hrtime.bigint() - start) / 1e9, latencies };
}

/** The two kinds of write in alternating rounds, so that a busy moment of the machine hits both alike. */
async function alternate(
  plain: (i: number) => Promise<unknown>,
  kept: (i: number) => Promise<unknown>,
  writes: number,
  writers: number,
): Promise<[Run, Run]> {
  const runs: [Run[], Run[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    runs[0].push(await run(plain, writes / ROUNDS, writers));
    runs[1].push(await run(kept, writes / ROUNDS, writers));
  }
  const combine = (all: Run[]): Run => ({
    writes: all.reduce((sum, one) => sum + one.writes, 0),
    seconds: all.reduce((sum, one) => sum + one.seconds, 0),
    latencies: all.flatMap((one) => one.latencies).sort((x, y) => x - y),
  });
  return [combine(runs[0]), combine(runs[1])];
}

const perSecond = (one: Run) => one.writes / one.seconds;
const latency = (one: Run) =>
  `p50 ${fmt.ms(percentile(one.latencies, 50))} / p99 ${fmt.ms(percentile(one.latencies, 99))}`;

function rows(label: string, plain: Run, kept: Run): Row[] {
  return [
    {
      figure: `acknowledged contribution, ${label}`,
      measured: `${fmt.int(perSecond(kept))} writes/s, ${latency(kept)}`,
      baseline: `${fmt.int(perSecond(plain))} writes/s, ${latency(plain)} (not acknowledged)`,
      ratio: fmt.pct(perSecond(kept) / perSecond(plain)),
      target: '—',
      met: null,
    },
  ];
}

/**
 * What "acknowledged once a replica has it" costs on a cluster: the contribution the route makes
 * (recordContribution with the project's write context: the live-events script and the fold event), as is and wrapped in
 * acknowledged() as POST …/contributions runs it, on a local cluster of 3 masters with a replica
 * each, one writer after the other and 20 at once.
 */
export async function measureAcknowledged(): Promise<FigureResult> {
  progress('acknowledged writes: a local cluster of 3 masters and 3 replicas');
  const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 1 });
  let redis: RedisClient | undefined;
  try {
    redis = createRedis({ mode: 'cluster', nodes: cluster.nodes });
    await waitUntilReady(redis);
    const client = redis;
    const project = sampleProject('bench-acknowledged', 0);
    await saveProject(project, 0, client);
    await cluster.waitForReplicas();
    const ctx = projectWriteContext({ redis: client, windows: configuredWindows(), now: Date.now });
    const plain = (i: number) =>
      recordContribution(project.slug, { id: `p${i}-${Date.now()}`, name: 'Bench', amount: 5 }, ctx);
    const kept = (i: number) =>
      acknowledged(
        [projectKeys.info(project.slug)],
        () => recordContribution(project.slug, { id: `k${i}-${Date.now()}`, name: 'Bench', amount: 5 }, ctx),
        client,
      );
    await run(plain, 200, 1);
    await run(kept, 200, 1);

    progress(
      `acknowledged writes: ${SEQUENTIAL} one after the other, then ${CONCURRENT} by ${WRITERS} writers, each way`,
    );
    const [plainOne, keptOne] = await alternate(plain, kept, SEQUENTIAL, 1);
    const [plainMany, keptMany] = await alternate(plain, kept, CONCURRENT, WRITERS);
    const added = percentile(keptOne.latencies, 50) - percentile(plainOne.latencies, 50);
    return {
      details: [
        `a local cluster of 3 masters and 3 replicas on loopback; the write is recordContribution with its fold event (two scripts), acknowledged as POST …/contributions acknowledges it`,
        `acknowledged: one more round trip to the project's master (a mark in its slot and WAIT 1 ${REPLICA_WAIT_MS} ms, pipelined on a connection of its own); p50 added one after the other: ${fmt.ms(added)}`,
        `${fmt.int(SEQUENTIAL)} writes one after the other and ${fmt.int(CONCURRENT)} by ${WRITERS} writers at once, each way, in ${ROUNDS} alternating rounds`,
      ],
      rows: [...rows('one writer', plainOne, keptOne), ...rows(`${WRITERS} writers`, plainMany, keptMany)],
    };
  } finally {
    redis?.disconnect();
    await cluster.stop();
  }
}
