import { randomBytes } from 'node:crypto';
import { AppProcess } from '../e2e/support/app-process';
import { Stack } from '../e2e/support/stack';
import { boardKeys } from '../lib/leaderboard/keys';
import { liveEventKeys } from '../lib/live-events/keys';
import { saveProject } from '../lib/projects/save';
import { createRedis, waitUntilReady, type RedisClient } from '../lib/redis/client';
import { startRedisServer } from '../lib/redis/embedded';
import { startLocalCluster } from '../lib/scale/local-cluster';
import { startScaledSite } from '../lib/scale/site';
import { sampleProject } from '../tests/sample-project';

/**
 * A system to break: where clients send requests, a command client on its Redis, and the fault
 * itself. `breakIt` does the damage and answers when the part is back (or, for a part that is
 * not brought back, at once): time to recover is counted from there.
 */
export type Target = {
  baseURL: string;
  redis: RedisClient;
  slug: string;
  breakIt(): Promise<void>;
  /** The app's last log lines, shown when it answered a 5xx other than 503. */
  appLog(): string;
  stop(): Promise<void>;
};

export type Fault = {
  name: string;
  /** Why it cannot run on this checkout, if it cannot (a part another issue brings). */
  unavailable?: () => Promise<string | undefined>;
  start(): Promise<Target>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One app and one persistent Redis (AOF, fsync every second, as the demo runs). */
async function singleRedis(breakIt: (stack: Stack) => Promise<void>): Promise<Target> {
  const stack = await Stack.start({ RATE_LIMIT_PER_MIN: '0' }, { persistent: true });
  const redis = createRedis(stack.redisUrl);
  await waitUntilReady(redis);
  const slug = `chaos-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug, 0), Date.now(), redis);
  return {
    baseURL: stack.baseURL,
    redis,
    slug,
    breakIt: () => breakIt(stack),
    appLog: () => stack.app.output,
    async stop() {
      redis.disconnect();
      await stack.stop();
    },
  };
}

export const FAULTS: Fault[] = [
  {
    name: 'Redis killed (SIGKILL), restarted 2 s later',
    start: () =>
      singleRedis(async (stack) => {
        await stack.signalRedis('SIGKILL');
        await sleep(2_000);
        await stack.startRedis();
      }),
  },
  {
    name: 'Redis frozen 5 s (SIGSTOP, then SIGCONT)',
    start: () =>
      singleRedis(async (stack) => {
        await stack.signalRedis('SIGSTOP');
        await sleep(5_000);
        await stack.signalRedis('SIGCONT');
      }),
  },
  {
    name: 'an app instance killed (SIGKILL) behind HAProxy, 2 instances, no restart',
    start: instanceKilled,
  },
  {
    name: 'a Redis Cluster master killed (3 masters × 2 replicas, no restart)',
    start: clusterMasterKilled,
  },
];

/**
 * One app on a cluster of 3 masters with 2 replicas each; the master killed holds both the
 * project and the leaderboard (a slug is drawn until their slots share a master), so both kinds
 * of writes are hit. A replica takes over by itself: time to recover counts from the kill. Two
 * replicas, because a quiz submit is acknowledged only once a replica has it (WAIT 1): with one,
 * the promoted master has none left and refuses submits (503) until another joins.
 */
async function clusterMasterKilled(): Promise<Target> {
  const cluster = await startLocalCluster({ masters: 3, replicasPerMaster: 2 });
  const app = await AppProcess.start({
    REDIS_URL: '',
    REDIS_CLUSTER_NODES: cluster.seedNodes,
    ADMIN_TOKEN: randomBytes(12).toString('hex'),
    VISITOR_SECRET: randomBytes(24).toString('hex'),
  }).catch(async (error: unknown) => {
    await cluster.stop();
    throw error;
  });
  const redis = createRedis({ mode: 'cluster', nodes: cluster.nodes });
  await waitUntilReady(redis);
  const boardMaster = (await cluster.masterFor(boardKeys().version)).port;
  let slug = '';
  for (let tries = 0; tries < 50; tries++) {
    slug = `chaos-${randomBytes(4).toString('hex')}`;
    if ((await cluster.masterFor(liveEventKeys(slug).contributions)).port === boardMaster) break;
  }
  await saveProject(sampleProject(slug, 0), Date.now(), redis);
  return {
    baseURL: app.baseURL,
    redis,
    slug,
    breakIt: () => cluster.killNode(boardMaster, 'SIGKILL'),
    appLog: () => app.output,
    async stop() {
      redis.disconnect();
      await app.stop();
      await cluster.stop();
    },
  };
}

/** Two instances behind HAProxy (lib/scale) on one Redis; one is killed and stays dead. */
async function instanceKilled(): Promise<Target> {
  const server = await startRedisServer();
  const site = await startScaledSite({
    instances: 2,
    env: { REDIS_URL: server.url, ADMIN_TOKEN: randomBytes(12).toString('hex') },
    startApp: AppProcess.start,
  }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const redis = createRedis(server.url);
  await waitUntilReady(redis);
  const slug = `chaos-${randomBytes(4).toString('hex')}`;
  await saveProject(sampleProject(slug, 0), Date.now(), redis);
  const victim = site.apps[1]!.app;
  return {
    baseURL: site.url,
    redis,
    slug,
    breakIt: () => victim.stop('SIGKILL'),
    appLog: () => site.apps.map(({ name, app }) => `${name}:\n${app.output}`).join('\n'),
    async stop() {
      redis.disconnect();
      await site.stop();
      await server.stop();
    },
  };
}
