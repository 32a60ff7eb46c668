import type { Cluster, Redis } from 'ioredis';
import { appMetrics } from './app-metrics';
import { instrumentRedis } from './redis';

/** Counts what a subscriber connection receives (classic and sharded), and its failures. */
export function countPubSubMessages(subscriber: Redis | Cluster): void {
  const metrics = appMetrics();
  instrumentRedis(subscriber, 'subscriber');
  subscriber.on('message', (channel: string) => metrics.pubsubMessage(channelKind(channel)));
  subscriber.on('smessage', (channel: string) => metrics.pubsubMessage(channelKind(channel)));
}

/**
 * `project` for `{project:<slug>}:changes`, `folding` for `{folding:<name>:<shard>}:changes`:
 * one series per kind, not one per project ever watched.
 */
export function channelKind(channel: string): string {
  return /^\{([a-z-]+)[:}]/.exec(channel)?.[1] ?? 'other';
}
