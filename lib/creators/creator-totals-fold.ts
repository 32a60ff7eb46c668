import type { RedisClient } from '../redis/client';
import { metricFolder } from '../folding/metric-events';
import type { Fold } from '../folding/types';
import { log } from '../log';
import { projectKeys } from '../projects/keys';
import { copyTotalsToCards } from '../projects/save';
import { computeCreatorTotals, saveCreatorTotals } from './totals';

/** A project's creator hardly ever changes: remember it for a minute rather than read it per contribution. */
const CREATOR_CACHE_MS = 60_000;
const creatorOf = new Map<string, { account: string; readAt: number }>();

async function creatorAccount(redis: RedisClient, slug: string, now: number): Promise<string | null> {
  const cached = creatorOf.get(slug);
  if (cached && now - cached.readAt < CREATOR_CACHE_MS) return cached.account;
  const account = await redis.hget(projectKeys.info(slug), 'creatorAccount');
  if (!account) return null;
  if (creatorOf.size > 10_000) creatorOf.clear();
  creatorOf.set(slug, { account, readAt: now });
  return account;
}

/**
 * After a contribution is recorded, tells the folder that the project's metrics changed, as a
 * `post-metric-updated` event grouped by the creator's account. It is a second write in another
 * hash slot (a second round trip by design), so its failure is logged and never fails the
 * contribution: the creator's totals catch up with the next event.
 */
export async function emitProjectMetrics(
  slug: string,
  metrics: { raised?: number; contributions?: number },
  { redis, now = Date.now() }: { redis?: RedisClient; now?: number } = {},
): Promise<void> {
  try {
    const folder = metricFolder(redis);
    const account = await creatorAccount(folder.redis, slug, now);
    if (!account) return;
    const defined = Object.fromEntries(Object.entries(metrics).filter(([, value]) => value !== undefined)) as Record<
      string,
      number
    >;
    await folder.fold({ id: slug, account_id: account, metrics: defined }, now);
  } catch (error) {
    log.warn(
      { err: (error as Error).message, slug },
      'could not emit the project metrics event; the contribution stands',
    );
  }
}

/**
 * The consumer of folded metric events: recompute the account's totals, publish them, and copy
 * its projects' totals onto their catalogue cards (so a catalogue page lags a contribution by
 * about one fold, and costs no read per project).
 */
export function refreshCreatorTotals(redis: RedisClient, contributionsWindowMs: number, now: () => number = Date.now) {
  return async (fold: Fold): Promise<void> => {
    const computedAt = now();
    const totals = await computeCreatorTotals(redis, fold.group, {
      now: computedAt,
      contributionsWindowMs,
      foldKey: fold.key,
    });
    if (!totals) return;
    await Promise.all([saveCreatorTotals(redis, totals), copyTotalsToCards(totals.projects, computedAt, redis)]);
  };
}
