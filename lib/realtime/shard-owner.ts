import type { Cluster } from 'ioredis';
import calculateSlot from 'cluster-key-slot';

/** What ioredis 6 keeps of its sharded subscribers (lib/cluster/ClusterSubscriberGroup.js): not public API. */
type SubscriberGroup = {
  clusterSlots?: string[][];
  shardedSubscribers?: Map<string, { isHealthy(): boolean }>;
};

/**
 * The sharded subscriber connection that carries `channel` now (ioredis opens one per master),
 * or undefined when there is none. ioredis replaces a connection rather than reconnecting it, so
 * a channel whose carrier is not the one that took its SSUBSCRIBE moved (a failover, a slot
 * migration, a dropped connection) and may have missed messages; the others missed nothing.
 */
export function shardOwner(subscriber: Cluster, channel: string): object | undefined {
  const group = (subscriber as unknown as { shardedSubscribers?: SubscriberGroup }).shardedSubscribers;
  const nodeKey = group?.clusterSlots?.[calculateSlot(channel)]?.[0];
  const owner = nodeKey === undefined ? undefined : group?.shardedSubscribers?.get(nodeKey);
  return owner?.isHealthy() ? owner : undefined;
}
