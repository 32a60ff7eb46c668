import { Redis } from 'ioredis';
import { log } from '../log';
import { allScripts } from './scripts';

const globalForRedis = globalThis as typeof globalThis & { __crowdpulseRedis?: Redis };

export function redisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set (server.ts starts an embedded redis-server when it is missing)');
  return url;
}

/**
 * A client for commands. No offline queue and a command timeout: while Redis is unreachable,
 * or hangs, a command fails within seconds, so an HTTP request answers 503 instead of waiting,
 * and the client keeps reconnecting.
 */
export function createRedis(url = redisUrl()): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  for (const script of allScripts()) redis.defineCommand(script.name, script);
  return logConnectionErrors(redis);
}

/** Without an 'error' listener ioredis reports every failed reconnect as unhandled; log a few. */
function logConnectionErrors(redis: Redis): Redis {
  let lastErrorLog = 0;
  redis.on('error', (error) => {
    if (Date.now() - lastErrorLog < 5_000) return;
    lastErrorLog = Date.now();
    log.warn({ err: error.message }, 'redis connection error');
  });
  return redis;
}

/** One command client per process; created on first use so `next build` never connects. */
export function getRedis(): Redis {
  return (globalForRedis.__crowdpulseRedis ??= createRedis());
}

/** A connection for SUBSCRIBE: it queues while offline and resubscribes after a reconnect. */
export function createSubscriber(): Redis {
  return logConnectionErrors(
    getRedis().duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
  );
}

export async function waitUntilReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
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
