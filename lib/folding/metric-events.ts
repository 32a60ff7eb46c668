import type { RedisClient } from '../redis/client';
import { z } from 'zod';
import { getRedis } from '../redis/client';
import { foldingConfigFromEnv, type FoldingConfig } from './config';
import { Folder, type FolderSpec } from './folder';
import type { foldedMetricEventSchema } from './schemas';
import type { PublishedFold } from './types';

// No ':' — a fold's idempotency key is `account_id:sequence` — and no braces, which would change the hash tag.
const identifier = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 of A-Z a-z 0-9 _ . -');
/** A creator account, as events carry it and /creators/<account> and `creator:watch` take it. */
export const accountIdSchema = identifier;
const metricName = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** The `post-metric-updated` event of "Reducing System Load With Event Folding": `{id, account_id, metrics: {name: number}}`. */
export const metricEventSchema = z.object({
  id: identifier,
  account_id: accountIdSchema,
  metrics: z
    .record(
      z.string().regex(metricName, 'metric names are a letter then up to 39 of A-Z a-z 0-9 _'),
      z.number().finite(),
    )
    .refine((metrics) => Object.keys(metrics).length >= 1, 'must name at least one metric')
    .refine((metrics) => Object.keys(metrics).length <= 32, 'must name at most 32 metrics'),
});
export type MetricEvent = z.infer<typeof metricEventSchema>;

/** Folded per account; the published event carries the union of the updated metric names, as in the write-up. */
export const metricEventsSpec: FolderSpec<MetricEvent> = {
  name: 'post-metrics',
  groupOf: (event) => event.account_id,
  fieldsOf: (event) => event.metrics,
  merge: 'union',
};

/** The folded event as the API and the dashboard show it: the write-up's `{account_id, metrics: [...]}`, and more. */
export type FoldedMetricEvent = z.infer<typeof foldedMetricEventSchema>;

export function toFoldedMetricEvent(fold: PublishedFold): FoldedMetricEvent {
  return {
    key: fold.key,
    account_id: fold.group,
    metrics: Array.isArray(fold.fields) ? fold.fields : Object.keys(fold.fields),
    events: fold.events,
    firstAt: fold.firstAt,
    lastAt: fold.lastAt,
    dueAt: fold.dueAt,
    publishedAt: fold.publishedAt,
    deliveries: fold.deliveries,
  };
}

let envConfig: FoldingConfig | undefined;
/** One folder per client: it is asked for on every contribution and every ops push. */
const folders = new WeakMap<RedisClient, Folder<MetricEvent>>();

/** The app's folder of metric events (on the process's client unless given one); config from the environment. */
export function metricFolder(redis: RedisClient = getRedis()): Folder<MetricEvent> {
  envConfig ??= foldingConfigFromEnv();
  let folder = folders.get(redis);
  if (!folder) folders.set(redis, (folder = new Folder(metricEventsSpec, envConfig, redis)));
  return folder;
}

/** The same folder on another client or config (tests, bench, each poller its own connection). */
export function metricFolderOn(redis: RedisClient, config: FoldingConfig): Folder<MetricEvent> {
  return new Folder(metricEventsSpec, config, redis);
}
