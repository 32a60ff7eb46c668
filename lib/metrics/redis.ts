import type { Cluster, Redis } from 'ioredis';
import { appMetrics } from './app-metrics';

type Client = Redis | Cluster;
const instrumented = new WeakSet<Client>();

/**
 * Counts a client's connection errors, reconnection attempts and failed commands. Works from
 * outside the client factory (a Redis or a Cluster alike): listeners, and a look at the promise
 * of every command sent, which leaves the caller's own handling untouched.
 */
export function instrumentRedis<C extends Client>(client: C, name: string): C {
  if (instrumented.has(client)) return client;
  instrumented.add(client);
  const metrics = appMetrics();
  client.on('error', () => metrics.redisError(name, 'connection'));
  client.on('reconnecting', () => metrics.redisReconnect(name));
  const send = client.sendCommand.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as { sendCommand: (...args: unknown[]) => unknown }).sendCommand = (...args: unknown[]) => {
    const reply = send(...args);
    reply?.catch?.(() => metrics.redisError(name, 'command'));
    return reply;
  };
  return client;
}
