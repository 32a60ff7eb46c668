import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRedisServer } from '../../lib/redis/embedded';
import { replicaOf } from '../paused-replica';
import { usePrivateCluster } from '../private-cluster';
import { testConnection } from '../support';

type Run = { code: number | null; output: string };

/** `npm run seed` as a user runs it, against the given environment; `onOutput` sees what it prints as it goes. */
function seed(env: Record<string, string>, onOutput: (output: string) => void = () => undefined): Promise<Run> {
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), ['scripts/seed.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += String(chunk);
    onOutput(output);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * Finding 7: on a new cluster, replicas are still in their first sync, and a quiz score (which
 * waits for a replica, `WAIT 1`) is refused meanwhile: the seed failed. It now waits, bounded,
 * saying so. A replica of the quiz's master killed and started again plays a replica's first sync.
 */
describe.runIf(testConnection().mode === 'cluster')('npm run seed on a new cluster', () => {
  const privateCluster = usePrivateCluster({ masters: 3, replicasPerMaster: 1 });

  it(
    'waits (saying so) while the quiz master has no replica in sync, gives up after SEED_WAIT_MS, and seeds once one is',
    { timeout: 120_000 },
    async () => {
      const { cluster } = privateCluster;
      const master = await cluster.masterFor('{leaderboard}');
      const replica = await replicaOf(cluster, master);
      await cluster.killNode(replica.port);
      const env = { REDIS_CLUSTER_NODES: cluster.seedNodes };

      const bounded = await seed({ ...env, SEED_WAIT_MS: '1500' });
      expect(bounded.output).toContain("Waiting for the cluster's replicas to finish their first sync");
      expect(bounded.output).toMatch(/seed failed: no replica of every master was online after/);
      expect(bounded.code).toBe(1);

      let waiting!: () => void;
      const saidWaiting = new Promise<void>((resolve) => (waiting = resolve));
      const run = seed(env, (output) => output.includes('Waiting for the cluster') && waiting());
      await saidWaiting;
      await cluster.restartNode(replica.port);
      const { code, output } = await run;
      expect(output).toContain('Leaderboard seeded with 40 simulated players.');
      expect(code).toBe(0);
      // Idempotent: once more, nothing to do and nothing to wait for.
      const again = await seed(env);
      expect([again.code, again.output.includes('Waiting')]).toEqual([0, false]);
      expect(again.output).toContain('nothing to do');
    },
  );
});

describe.runIf(testConnection().mode === 'single')('npm run seed on one Redis', () => {
  it('has no replica to wait for, and seeds', { timeout: 60_000 }, async () => {
    const redis = await startRedisServer();
    try {
      const { code, output } = await seed({ REDIS_URL: redis.url, SEED_WAIT_MS: '0' });
      expect(output).not.toContain('Waiting');
      expect(output).toContain('Leaderboard seeded with 40 simulated players.');
      expect(code).toBe(0);
    } finally {
      await redis.stop();
    }
  });
});
