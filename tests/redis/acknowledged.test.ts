import { Redis, type Cluster } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { acknowledgingClient, writeAcknowledged } from '../../lib/redis/acknowledged';
import { NotReplicatedError } from '../../lib/redis/errors';
import { usePrivateCluster } from '../private-cluster';
import { pausedReplicaOf } from '../paused-replica';
import { testConnection, uniqueSlug } from '../support';

/**
 * Stops a replica, so it runs on a cluster of its own (the "cluster" project only; one Redis has
 * no replica and sends no WAIT). The replica is stopped (SIGSTOP) for as long as the test needs:
 * no acknowledgement can arrive meanwhile, however busy the machine is.
 */
describe.runIf(testConnection().mode === 'cluster')('WAIT runs on a connection of its own', { timeout: 60_000 }, () => {
  const own = usePrivateCluster();

  it('while an acknowledged write waits for a stopped replica, another command of the instance to that master answers first', async () => {
    const { cluster, redis } = own;
    const key = `{${uniqueSlug()}}:acknowledged`;
    // Connects the client acknowledged writes go through (its acknowledgement is not the point).
    await writeAcknowledged(redis, (pipeline) => pipeline.set(key, 'before')).catch((error: unknown) => {
      if (!(error instanceof NotReplicatedError)) throw error;
    });
    const master = await cluster.masterFor(key);
    const replica = await pausedReplicaOf(cluster, master);
    const watcher = new Redis(master.port, master.host);
    try {
      await expect(writeAcknowledged(redis, (pipeline) => pipeline.set(key, 'acknowledged'))).rejects.toBeInstanceOf(
        NotReplicatedError,
      );

      // The acknowledging connection now has a write no replica has: a WAIT without a timeout
      // blocks it until the replica runs again. Sent as writeAcknowledged sends it, behind a command of the key's slot.
      const acknowledging = acknowledgingClient(redis as Cluster);
      expect(acknowledging).not.toBe(redis);
      let waited: number | undefined;
      const waiting = acknowledging
        .pipeline()
        .get(key)
        .wait(1, 0)
        .exec()
        .then((replies) => (waited = Number(replies?.[1]?.[1])));
      await expect.poll(async () => /cmd=wait/.test(String(await watcher.client('LIST')))).toBe(true);

      // On the shared connection this GET would queue behind the WAIT until the replica resumed.
      expect(await redis.get(key)).toBe('acknowledged');
      expect(waited).toBeUndefined();

      await replica.resume();
      await waiting;
      expect(waited).toBe(1);
    } finally {
      await replica.resume();
      watcher.disconnect();
    }
  });
});
