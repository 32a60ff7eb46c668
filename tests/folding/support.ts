import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../../lib/redis/client';
import { foldingConfig, type FoldingConfig } from '../../lib/folding/config';
import { Folder } from '../../lib/folding/folder';
import { metricEventsSpec, type MetricEvent } from '../../lib/folding/metric-events';

/** A metric-event folder of its own (fresh keys), with a short window unless told otherwise. */
export function testFolder(redis: RedisClient, config: Partial<FoldingConfig> = {}): Folder<MetricEvent> {
  const name = `t-${randomBytes(5).toString('hex')}`;
  return new Folder(
    { ...metricEventsSpec, name },
    foldingConfig({ windowMs: 1_000, maxWaitMs: 10_000, leaseMs: 5_000, ...config }),
    redis,
  );
}

/** The seed's six example events. */
export const SEED_EVENTS: MetricEvent[] = [
  { id: 'post_1', account_id: 'account_1', metrics: { likes: 10, shares: 5 } },
  { id: 'post_2', account_id: 'account_1', metrics: { comments: 25, impressions: 16 } },
  { id: 'post_3', account_id: 'account_1', metrics: { likes: 5, shares: 2 } },
  { id: 'post_4', account_id: 'account_1', metrics: { comments: 33, impressions: 8 } },
  { id: 'post_5', account_id: 'account_2', metrics: { likes: 12, shares: 15 } },
  { id: 'post_6', account_id: 'account_2', metrics: { likes: 3, shares: 1 } },
];
