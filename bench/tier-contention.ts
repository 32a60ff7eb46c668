import { recordContribution, type LiveEventsContext } from '../lib/live-events';
import { DEFAULT_WINDOWS } from '../lib/live-events/windows';
import { reconcileLedger } from '../lib/live-events/ledger';
import { putProject } from '../lib/projects/save';
import { createRedis, waitUntilReady } from '../lib/redis/client';
import { startLocalCluster } from '../lib/scale/local-cluster';
import { sampleProjectInput } from '../tests/sample-project';
import type { FigureResult } from './report';
import { fmt, progress } from './support';

const CLAIMS = 1_000;
const LIMIT = 37;

/**
 * The contention run (issue 42): 1,000 concurrent claims on a tier limited to 37, from two
 * connections standing for two instances, on a Redis Cluster of 3 masters; exactly the limit must
 * succeed (tests/live-events/tiers.test.ts proves it per topology; this reports the count).
 */
export async function measureTierContention(): Promise<FigureResult> {
  progress(`tier contention: ${fmt.int(CLAIMS)} claims on a tier of ${LIMIT}, two connections, a cluster of 3 masters`);
  const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 0 });
  const connections = [
    createRedis({ mode: 'cluster', nodes: cluster.nodes }),
    createRedis({ mode: 'cluster', nodes: cluster.nodes }),
  ];
  try {
    await Promise.all(connections.map((redis) => waitUntilReady(redis)));
    const slug = 'bench-tier-contention';
    await putProject(
      slug,
      {
        ...sampleProjectInput(slug),
        listed: false,
        tiers: [{ id: 'early', title: 'Early bird', description: '', minimum: 10, limit: LIMIT }],
      },
      connections[0]!,
    );
    const contexts: LiveEventsContext[] = connections.map((redis) => ({
      redis,
      windows: DEFAULT_WINDOWS,
      now: Date.now,
    }));
    const results = await Promise.allSettled(
      Array.from({ length: CLAIMS }, (_, i) =>
        recordContribution(
          slug,
          { id: `claim-${i}`, name: `Backer ${i}`, amount: 10, tier: 'early' },
          contexts[i % 2]!,
        ),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled').length;
    const soldOut = results.filter(
      (result) => result.status === 'rejected' && (result.reason as { code?: string }).code === 'tier_sold_out',
    ).length;
    const report = await reconcileLedger(slug, connections[0]!);
    return {
      details: [
        `tier contention: ${fmt.int(won)} accepted, ${fmt.int(soldOut)} refused tier_sold_out, ${fmt.int(CLAIMS - won - soldOut)} other; reconcile ${report.consistent ? 'consistent' : 'NOT consistent'}`,
      ],
      rows: [
        {
          figure: `tiers: ${fmt.int(CLAIMS)} concurrent claims on a tier of ${LIMIT}, two connections, cluster`,
          measured: `${won} accepted, ${soldOut} sold out`,
          baseline: '—',
          ratio: '—',
          target: `exactly ${LIMIT}`,
          met: won === LIMIT && soldOut === CLAIMS - LIMIT && report.consistent,
        },
      ],
    };
  } finally {
    await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
    await cluster.stop();
  }
}
