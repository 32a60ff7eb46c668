import { z } from 'zod';

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
    if (!Number.isInteger(value) || value < 1) throw new FoldingConfigError(`${name} must be a positive whole number, got ${value}`);
  }
  if (config.maxWaitMs <= config.windowMs) {
    throw new FoldingConfigError(
      `FOLD_MAX_WAIT_MS (${config.maxWaitMs}) must be greater than FOLD_WINDOW_MS (${config.windowMs})`,
    );
  }
  return config;
}

const ms = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const envSchema = z.object({
  FOLD_WINDOW_MS: ms(FOLDING_DEFAULTS.windowMs),
  FOLD_MAX_WAIT_MS: ms(FOLDING_DEFAULTS.maxWaitMs),
  FOLD_LEASE_MS: ms(FOLDING_DEFAULTS.leaseMs),
  FOLD_SHARDS: z.coerce.number().int().min(1).max(1_024).default(FOLDING_DEFAULTS.shards),
});

/** FOLD_WINDOW_MS [5000], FOLD_MAX_WAIT_MS [60000], FOLD_LEASE_MS [30000], FOLD_SHARDS [6]; checked at start. */
export function foldingConfigFromEnv(env: Record<string, string | undefined> = process.env): FoldingConfig {
  const parsed = envSchema.parse({
    FOLD_WINDOW_MS: env.FOLD_WINDOW_MS || undefined,
    FOLD_MAX_WAIT_MS: env.FOLD_MAX_WAIT_MS || undefined,
    FOLD_LEASE_MS: env.FOLD_LEASE_MS || undefined,
    FOLD_SHARDS: env.FOLD_SHARDS || undefined,
  });
  return foldingConfig({
    windowMs: parsed.FOLD_WINDOW_MS,
    maxWaitMs: parsed.FOLD_MAX_WAIT_MS,
    leaseMs: parsed.FOLD_LEASE_MS,
    shards: parsed.FOLD_SHARDS,
  });
}
