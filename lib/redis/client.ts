import { Cluster, Redis } from 'ioredis';
import { log } from '../log';
import { processEnv, type Env } from '../config';

/** What every pattern is given: one Redis, or a Redis Cluster through ioredis' Cluster client. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: REDIS_URL (one server) or REDIS_CLUSTER_NODES (seed nodes of a cluster). */
export type RedisConnection =
  { mode: 'single'; url: string } | { mode: 'cluster'; nodes: { host: string; port: number }[] };

const globalForRedis = globalThis as typeof globalThis & { __crowdpulseRedis?: RedisClient };

/** Reads the connection from the environment; undefined when neither variable is set. */
export function connectionFromEnv(env: Env = processEnv()): RedisConnection | undefined {
  const url = env.REDIS_URL?.trim();
  const nodes = env.REDIS_CLUSTER_NODES?.trim();
  if (url && nodes) {
    throw new Error('Set either REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  }
  if (url) return { mode: 'single', url };
  if (nodes) return { mode: 'cluster', nodes: nodes.split(',').map(parseNode) };
  return undefined;
}

function parseNode(address: string): { host: string; port: number } {
  const match = /^\s*\[?([^\]\s]+?)\]?:(\d{1,5})\s*$/.exec(address);
  if (!match?.[1] || !match[2]) throw new Error(`REDIS_CLUSTER_NODES: "${address}" is not host:port`);
  return { host: match[1], port: Number(match[2]) };
}

function requiredConnection(): RedisConnection {
  const connection = connectionFromEnv();
  if (!connection) {
    throw new Error(
      'Neither REDIS_URL nor REDIS_CLUSTER_NODES is set (server.ts starts an embedded redis-server when both are missing)',
    );
  }
  return connection;
}

/** Every command fails within this many ms when its node does not answer. */
const COMMAND_TIMEOUT_MS = 2_000;

/**
 * No CLIENT SETINFO in the handshake: Redis 7.0 refuses it, and two refused commands per
 * (re)connection would count in crowdpulse_redis_errors_total as failed commands.
 */
const handshake = { disableClientInfo: true } as const;

const commandOptions = {
  ...handshake,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: COMMAND_TIMEOUT_MS,
} as const;

/**
 * A client for commands. No offline queue and a command timeout: while Redis is unreachable,
 * or hangs, a command fails within seconds, so an HTTP request answers 503 instead of waiting,
 * and the client keeps reconnecting. On a cluster a command whose master just died is retried
 * every 150 ms (retryDelayOnFailover/ClusterDown, bounded by maxRedirections: about 2.4 s, the
 * time a replica takes to be promoted with cluster-node-timeout 1000), then fails.
 */
export function createRedis(url: string): Redis;
export function createRedis(target?: RedisConnection | string): RedisClient;
export function createRedis(target: RedisConnection | string = requiredConnection()): RedisClient {
  const connection = typeof target === 'string' ? ({ mode: 'single', url: target } as const) : target;
  if (connection.mode === 'single') {
    return logConnectionErrors(
      new Redis(connection.url, {
        ...commandOptions,
        enableOfflineQueue: false,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      }),
    );
  }
  return logConnectionErrors(
    new Cluster(connection.nodes, {
      enableOfflineQueue: false,
      maxRedirections: 16,
      retryDelayOnFailover: 150,
      retryDelayOnClusterDown: 150,
      retryDelayOnTryAgain: 150,
      retryDelayOnMoved: 0,
      slotsRefreshTimeout: 1_000,
      slotsRefreshInterval: 2_000,
      clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      redisOptions: commandOptions,
    }),
  );
}

/**
 * A connection for (sharded) subscriptions: it queues while offline and resubscribes after a
 * reconnect. On a cluster it keeps one subscriber connection per master (ioredis'
 * shardedSubscribers) and moves the channels of a slot when the slot moves.
 */
export function createSubscriber(target: RedisConnection | string = requiredConnection()): RedisClient {
  const connection = typeof target === 'string' ? ({ mode: 'single', url: target } as const) : target;
  if (connection.mode === 'single') {
    return logConnectionErrors(
      new Redis(connection.url, { ...handshake, enableOfflineQueue: true, maxRetriesPerRequest: null }),
    );
  }
  return logConnectionErrors(
    new Cluster(connection.nodes, {
      shardedSubscribers: true,
      enableOfflineQueue: true,
      slotsRefreshTimeout: 1_000,
      slotsRefreshInterval: 2_000,
      clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      redisOptions: { ...handshake, connectTimeout: 2_000 },
    }),
  );
}

export function isCluster(redis: RedisClient): redis is Cluster {
  return redis instanceof Cluster;
}

/** Without an 'error' listener ioredis reports every failed reconnect as unhandled; log a few. */
function logConnectionErrors<T extends RedisClient>(redis: T): T {
  let lastErrorLog = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastErrorLog < 5_000) return;
    lastErrorLog = Date.now();
    log.warn({ err: error.message }, 'redis connection error');
  });
  return redis;
}

/** One command client per process; created on first use so `next build` never connects. */
export function getRedis(): RedisClient {
  return (globalForRedis.__crowdpulseRedis ??= createRedis());
}

export async function waitUntilReady(redis: RedisClient, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

export async function closeRedis(): Promise<void> {
  const redis = globalForRedis.__crowdpulseRedis;
  globalForRedis.__crowdpulseRedis = undefined;
  if (redis) await redis.quit().catch(() => redis.disconnect());
}
