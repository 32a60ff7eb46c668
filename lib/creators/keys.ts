/** Every creator's totals live under one hash tag, so saving one and listing the latest is one slot. */
export const creatorKeys = {
  /** Hash: account -> its totals (JSON). */
  totals: '{creators}:totals',
  /** Zset: account -> when its totals were computed (ms). */
  updated: '{creators}:updated',
} as const;

/** Saved totals are published here; each app instance subscribes and relays to the creator's room. */
export const CREATORS_CHANNEL = 'crowdpulse:creators';
