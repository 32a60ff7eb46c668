import type { Cluster, Redis } from 'ioredis';
import { appMetrics } from './app-metrics';
import { instrumentRedis } from './redis';

/** Counts what a subscriber connection receives (classic and sharded), and its failures. */
export function countPubSubMessages(subscriber: Redis | Cluster): void {
  const metrics = appMetrics();
  instrumentRedis(subscriber, 'subscriber');
  subscriber.on('message', (channel: string) => metrics.pubsubMessage(channel));
  subscriber.on('smessage', (channel: string) => metrics.pubsubMessage(channel));
}
