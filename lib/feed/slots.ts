import calculateSlot from 'cluster-key-slot';
import { isCluster, type RedisClient } from '../redis/client';

/** Feeds per push-feeds.lua call on one Redis, where every key is on the one server. */
const GROUP_ON_ONE_REDIS = 200;

/**
 * Splits keys (each a tuple sharing one hash tag) into the groups one script may take: on Redis
 * Cluster, those in one slot; on one Redis, batches.
 */
export function slotGroups<T extends string[]>(redis: RedisClient, tuples: T[]): T[][] {
  if (!isCluster(redis)) {
    const groups: T[][] = [];
    for (let i = 0; i < tuples.length; i += GROUP_ON_ONE_REDIS) groups.push(tuples.slice(i, i + GROUP_ON_ONE_REDIS));
    return groups;
  }
  const bySlot = new Map<number, T[]>();
  for (const tuple of tuples) {
    const slot = calculateSlot(tuple[0]!);
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), tuple]);
  }
  return [...bySlot.values()];
}
