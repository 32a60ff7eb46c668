import { afterAll, beforeAll } from 'vitest';
import { createRedis, waitUntilReady, type RedisClient } from '../lib/redis/client';
import { startLocalCluster, type LocalClusterHandle } from '../lib/scale/local-cluster';

export type PrivateCluster = { cluster: LocalClusterHandle; redis: RedisClient };

/**
 * A Redis Cluster of the calling describe block's own, with a command client on it: for tests
 * that kill nodes or move slots while the shared cluster serves the other test files.
 * Started before the block's tests, stopped after them.
 */
export function usePrivateCluster(options: Parameters<typeof startLocalCluster>[0] = {}): PrivateCluster {
  const handle = {} as PrivateCluster;
  beforeAll(async () => {
    handle.cluster = await startLocalCluster(options);
    handle.redis = createRedis({ mode: 'cluster', nodes: handle.cluster.nodes });
    await waitUntilReady(handle.redis);
  }, 30_000);
  afterAll(async () => {
    handle.redis?.disconnect();
    await handle.cluster?.stop();
  });
  return handle;
}
