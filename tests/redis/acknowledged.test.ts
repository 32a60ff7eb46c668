import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { writeAcknowledged } from '../../lib/redis/acknowledged';
import { NotReplicatedError } from '../../lib/redis/errors';
import { usePrivateCluster } from '../private-cluster';
import { testConnection, uniqueSlug } from '../support';

/**
 * Puts a replica to sleep, so it runs on a cluster of its own (the "cluster" project only; one
 * Redis has no replica and sends no WAIT).
 */
describe.runIf(testConnection().mode === 'cluster')('WAIT runs on a connection of its own', { timeout: 60_000 }, () => {
  const own = usePrivateCluster();

  it('while an acknowledged write waits for a lagging replica, another command of the instance to that master answers first', async () => {
    const { cluster, redis } = own;
    const key = `{${uniqueSlug()}}:acknowledged`;
    // The first acknowledged write also connects the client those writes go through.
    await writeAcknowledged(redis, (pipeline) => pipeline.set(key, 'before'));
    const master = await cluster.masterFor(key);
    const replica = (await cluster.describe()).find((node) => node.masterId === master.id)!;
    const asleep = new Redis(replica.port, replica.host);
    await asleep.ping();
    const sleeping = asleep.debug('SLEEP', 2);
    await new Promise((resolve) => setTimeout(resolve, 200));

    let settled: unknown;
    const acknowledged = writeAcknowledged(redis, (pipeline) => pipeline.set(key, 'acknowledged')).then(
      () => (settled = 'acknowledged'),
      (error: unknown) => (settled = error),
    );
    // One command after another while the write waits for the replica (REPLICA_WAIT_MS): on the
    // shared connection the first would queue behind WAIT and answer with it.
    // Counted: the answers that saw the write, so came after it ran and before its WAIT returned.
    let answered = 0;
    while (!settled) if ((await redis.get(key)) === 'acknowledged') answered += 1;
    await acknowledged;

    expect(settled).toBeInstanceOf(NotReplicatedError);
    expect(answered).toBeGreaterThanOrEqual(10);
    await sleeping;
    asleep.disconnect();
  });
});
