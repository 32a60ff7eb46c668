import type { RedisClient } from '../redis/client';
import { computeCreatorTotals, latestCreatorTotals, readCreatorTotals, type CreatorTotals } from '../creators/totals';
import { metricFolder, toFoldedMetricEvent } from '../folding/metric-events';
import { configuredWindows } from '../live-events/context';
import { getRedis } from '../redis/client';
import { OPS_CREATORS_SHOWN, OPS_PENDING_SHOWN, OPS_PUBLISHED_SHOWN, type OpsSnapshot, type OpsState } from './types';

export async function readOpsState(redis: RedisClient = getRedis()): Promise<OpsState> {
  const { stats, pending } = await metricFolder(redis).state(OPS_PENDING_SHOWN);
  return { serverTime: Date.now(), stats, pending };
}

export async function readOpsSnapshot(redis: RedisClient = getRedis()): Promise<OpsSnapshot> {
  const [state, published, creators] = await Promise.all([
    readOpsState(redis),
    metricFolder(redis).published(OPS_PUBLISHED_SHOWN),
    latestCreatorTotals(redis, OPS_CREATORS_SHOWN),
  ]);
  return { ...state, published: published.map(toFoldedMetricEvent), creators };
}

/** The creator's last folded totals, or (before any fold) computed now; null for an account with no project. */
export async function readCreatorView(account: string, redis: RedisClient = getRedis()): Promise<CreatorTotals | null> {
  return (
    (await readCreatorTotals(redis, account)) ??
    (await computeCreatorTotals(redis, account, {
      now: Date.now(),
      contributionsWindowMs: configuredWindows().contributions,
    }))
  );
}
