import type { ChainableCommander } from 'ioredis';
import { isCluster, type RedisClient } from './client';
import { NotReplicatedError } from './errors';

/** How long an acknowledged write waits for a replica; replication on a LAN takes well under 1 ms. */
export const REPLICA_WAIT_MS = 250;

/**
 * Runs one write (a script) that must survive a failover once acknowledged: on a cluster,
 * `WAIT 1` is pipelined right behind it, on the same connection to the same master (the
 * pipeline goes to the script's slot; WAIT has no key), so it is still one round trip. When no
 * replica confirms in time the write is not acknowledged: NotReplicatedError, a 503. One Redis
 * has no replica to wait for, and is not slowed down.
 */
export async function writeAcknowledged<T>(redis: RedisClient, queue: (pipeline: ChainableCommander) => void): Promise<T> {
  const replicated = isCluster(redis);
  const pipeline = redis.pipeline();
  queue(pipeline);
  if (replicated) pipeline.wait(1, REPLICA_WAIT_MS);
  const [[writeError, result] = [], [waitError, replicas] = []] = (await pipeline.exec()) ?? [];
  if (writeError) throw writeError;
  if (waitError) throw waitError;
  if (replicated && Number(replicas) < 1) throw new NotReplicatedError();
  return result as T;
}
