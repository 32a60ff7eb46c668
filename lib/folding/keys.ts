/**
 * A folder is split into shards, each a complete folder of its own under the hash tag
 * `{folding:<name>:<shard>}`: each script's keys, also the per-group and per-fold keys a script
 * derives from `fieldsPrefix` and `foldPrefix` (passed in KEYS), live in the shard's one Redis Cluster slot, and the shards' slots spread
 * the folder over the masters. A group always goes to the same shard (shardOf).
 */
export function foldingKeys(name: string, shard = 0) {
  const prefix = `{folding:${name}:${shard}}:`;
  return {
    prefix,
    /** Zset: pending group -> time of its last event (the write-up's sorted set). */
    lastEvent: `${prefix}last-event`,
    /** Zset: pending group -> time of its first event (for the maximum wait). */
    firstEvent: `${prefix}first-event`,
    /** Set (union) or hash (latest, sum): the merged fields of one pending group. */
    fieldsPrefix: `${prefix}fields:`,
    fields: (group: string) => `${prefix}fields:${group}`,
    /** Hash: pending group -> events folded into it. */
    eventsPerGroup: `${prefix}events-per-group`,
    /** Zset: group -> when it was last claimed; kept for one window, to count "fake new" groups. */
    recentlyClaimed: `${prefix}recently-claimed`,
    /** String: the id of the poller polling this shard (claim-due.lua), expiring unless renewed. */
    pollerLease: `${prefix}poller-lease`,
    /** Zset: fold key -> lease expiry. */
    claimed: `${prefix}claimed`,
    /** Hash per fold (its payload), under its idempotency key. */
    foldPrefix: `${prefix}fold:`,
    fold: (key: string) => `${prefix}fold:${key}`,
    /** Hash: events, newGroups, folded, fakeNew, published, redelivered, sequence. */
    counters: `${prefix}counters`,
    /** List of fold keys, newest first: a normalized timeline (lib/timeline). */
    published: `${prefix}published`,
    /** Sharded pub/sub channel (SPUBLISH) of the folds this folder publishes. */
    changes: `${prefix}changes`,
  };
}

export type FoldingKeys = ReturnType<typeof foldingKeys>;

/** The shard of a group: FNV-1a of its name, so every instance, now and after a restart, agrees. */
export function shardOf(group: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < group.length; i++) hash = Math.imul(hash ^ group.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}
