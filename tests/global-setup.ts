import type { TestProject } from 'vitest/node';
import type { RedisConnection } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { startLocalCluster } from '../lib/scale/local-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    redisConnection: RedisConnection;
  }
}

/**
 * One private, throwaway Redis for the whole run of a vitest project, shared by every test file
 * through unique slugs: a redis-server for "single", a 3-master, 3-replica cluster for "cluster".
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'cluster') {
    const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 1 });
    project.provide('redisConnection', { mode: 'cluster', nodes: cluster.nodes });
    return () => cluster.stop();
  }
  const server = await startRedisServer();
  project.provide('redisConnection', { mode: 'single', url: server.url });
  return () => server.stop();
}
