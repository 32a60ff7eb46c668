import { randomBytes } from 'node:crypto';
import { createRedis, type RedisClient, type RedisConnection } from '../../lib/redis/client';
import { startRedisServer } from '../../lib/redis/embedded';
import { startLocalCluster, type LocalClusterHandle } from '../../lib/scale/local-cluster';
import { startScaledSite, type ScaledSite } from '../../lib/scale/site';
import { AppProcess } from './app-process';

/** Where the instances keep their data: what they are told, and how to stop it. */
type Store = {
  env: Record<string, string>;
  connection: RedisConnection;
  cluster?: LocalClusterHandle;
  stop(): Promise<void>;
};

async function singleRedis(): Promise<Store> {
  const redis = await startRedisServer();
  return { env: { REDIS_URL: redis.url }, connection: { mode: 'single', url: redis.url }, stop: () => redis.stop() };
}

/** 3 masters and a replica each, as in `npm run demo:cluster`; two each where a master is killed. */
async function redisCluster(replicasPerMaster: number): Promise<Store> {
  const cluster = await startLocalCluster({ masters: 3, replicasPerMaster });
  return {
    env: { REDIS_CLUSTER_NODES: cluster.seedNodes },
    connection: { mode: 'cluster', nodes: cluster.nodes },
    cluster,
    stop: () => cluster.stop(),
  };
}

/**
 * The site as it runs at scale, private to a spec file: app instances behind HAProxy, each on a
 * free port, on a Redis of their own. Browsers and API calls go through `url`; a test may
 * also reach one instance directly, or stop or kill it.
 */
export class ScaledStack {
  private constructor(
    private readonly store: Store,
    readonly site: ScaledSite,
    readonly adminToken: string,
  ) {}

  static async start(
    env: Record<string, string> = {},
    {
      instances = 2,
      store: kind = 'single',
      replicasPerMaster = 1,
    }: { instances?: number; store?: 'single' | 'cluster'; replicasPerMaster?: number } = {},
  ): Promise<ScaledStack> {
    const store = kind === 'cluster' ? await redisCluster(replicasPerMaster) : await singleRedis();
    const adminToken = `test-${randomBytes(18).toString('base64url')}`;
    try {
      const site = await startScaledSite({
        instances,
        env: { ...env, ...store.env, ADMIN_TOKEN: adminToken },
        startApp: AppProcess.start,
      });
      return new ScaledStack(store, site, adminToken);
    } catch (error) {
      await store.stop();
      throw error;
    }
  }

  get url(): string {
    return this.site.url;
  }

  /** The Redis Cluster, when the stack runs on one. */
  get cluster(): LocalClusterHandle {
    if (!this.store.cluster) throw new Error('this stack runs on one redis-server');
    return this.store.cluster;
  }

  /** A client of the stack's Redis, as the app creates it; the caller closes it. */
  createRedis(): RedisClient {
    return createRedis(this.store.connection);
  }

  /** The instance HAProxy knows by that name (`instance-1`, …). */
  instance(name: string) {
    const found = this.site.apps.find((app) => app.name === name);
    if (!found) throw new Error(`no instance ${name}`);
    return found.app;
  }

  async stop(): Promise<void> {
    await this.site.stop();
    await this.store.stop();
  }
}
