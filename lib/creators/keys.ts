/** Every creator's totals live under one hash tag, so saving one and listing the latest is one slot. */
export const creatorKeys = {
  /** Hash: account -> its totals (JSON). */
  totals: '{creators}:totals',
  /** Zset: account -> when its totals were computed (ms). */
  updated: '{creators}:updated',
  /** Sharded pub/sub channel (SPUBLISH) of saved totals; each app instance subscribes and relays to the creator's room. */
  changes: '{creators}:changes',
} as const;
