import type { TestProject } from 'vitest/node';
import type { RedisConnection } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { startLocalCluster } from '../lib/scale/local-cluster';
import { exitOnProgramNotFound, requireOrExit } from '../scripts/system-packages';

declare module 'vitest' {
  export interface ProvidedContext {
    redisConnection: RedisConnection;
  }
}

/** What the Redis tiers start: redis-server and redis-cli, and haproxy for the files that put it in front. */
const NEEDED = ['redis-server', 'haproxy'];

/**
 * One private, throwaway Redis for the whole run of a vitest project, shared by every test file
 * through unique slugs: a redis-server for "single", a 3-master, 3-replica cluster for "cluster"
 * (and one more of each for the files that run alone, "single-alone" and "cluster-alone").
 * A machine without the programs gets `npm run doctor`'s own lines and exit status 1, no stack.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireOrExit(NEEDED);
  try {
    if (project.name.startsWith('cluster')) {
      const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 1 });
      project.provide('redisConnection', { mode: 'cluster', nodes: cluster.nodes });
      return () => cluster.stop();
    }
    const server = await startRedisServer();
    project.provide('redisConnection', { mode: 'single', url: server.url });
    return () => server.stop();
  } catch (error) {
    exitOnProgramNotFound(error);
  }
}
