import { processEnv, setting, type Env } from '../config';

/** How a folder waits: quiet `windowMs`, at most `maxWaitMs` in all, and a consumer's lease. */
export type FoldingConfig = {
  windowMs: number;
  maxWaitMs: number;
  /** How long a claimed fold is held for its poller before it is delivered again. */
  leaseMs: number;
  /** At most this many folds per claim (one script run). */
  batch: number;
  /** The published log keeps this many folds (plus the timeline's trim slack), each for `publishedTtlMs`. */
  publishedCap: number;
  publishedTtlMs: number;
  /** Slots the folder is spread over (`{folding:<name>:<shard>}`): on a cluster, over the masters. */
  shards: number;
};

export class FoldingConfigError extends Error {
  override readonly name = 'FoldingConfigError';
}

export const FOLDING_DEFAULTS: FoldingConfig = {
  windowMs: 5_000,
  maxWaitMs: 60_000,
  leaseMs: 30_000,
  batch: 100,
  publishedCap: 100,
  publishedTtlMs: 60 * 60_000,
  // The six slots of post-metrics' shards fall on all three masters of a fresh 3-master cluster.
  shards: 6,
};

/**
 * A maximum wait not above the window could never let a group go quiet first, so every fold
 * would be a max-wait fold: almost certainly a typo, refused at start rather than obeyed.
 */
export function foldingConfig(overrides: Partial<FoldingConfig> = {}): FoldingConfig {
  const config = { ...FOLDING_DEFAULTS, ...overrides };
  for (const [name, value] of Object.entries(config)) {
    if (!Number.isInteger(value) || value < 1)
      throw new FoldingConfigError(`${name} must be a positive whole number, got ${value}`);
  }
  if (config.maxWaitMs <= config.windowMs) {
    throw new FoldingConfigError(
      `FOLD_MAX_WAIT_MS (${config.maxWaitMs}) must be greater than FOLD_WINDOW_MS (${config.windowMs})`,
    );
  }
  return config;
}

/** FOLD_WINDOW_MS [5000], FOLD_MAX_WAIT_MS [60000], FOLD_LEASE_MS [30000], FOLD_SHARDS [6]; checked at start. */
export function foldingConfigFromEnv(env: Env = processEnv()): FoldingConfig {
  return foldingConfig({
    windowMs: setting('FOLD_WINDOW_MS', env),
    maxWaitMs: setting('FOLD_MAX_WAIT_MS', env),
    leaseMs: setting('FOLD_LEASE_MS', env),
    shards: setting('FOLD_SHARDS', env),
  });
}
