import { z } from 'zod';

const count = z.number().int().min(0);

/** The counters of "Reducing System Load With Event Folding", plus what this folder adds (fake new, leases). */
export const foldingStatsSchema = z.object({
  events: count.describe('N_total'),
  newGroups: count.describe('Count(ZADD == 1)'),
  folded: count.describe('Count(ZADD == 0)'),
  fakeNew: count.describe(
    'new groups whose group had been flushed less than a window before: the write-up\'s "fake new"',
  ),
  ratio: z.number().describe("the folding write-up's working form Count(ZADD == 0) / N_total; 0 before any event"),
  exactRatio: z
    .number()
    .describe(
      "the folding write-up's exact form Count(ZADD == 0) / (N_total − Count(ZADD == 1)): 1 once anything folds",
    ),
  adjustedRatio: z.number().describe('the ratio with each fake-new event counted as the fold it would have been'),
  pending: count,
  claimed: count,
  published: count,
  redelivered: count,
  window: z.number().int().describe('ms'),
  maxWait: z.number().int().describe('ms'),
});

export const pendingGroupSchema = z.object({
  group: z.string(),
  firstAt: z.number().int(),
  lastAt: z.number().int(),
  events: count,
  dueAt: z.number().int(),
});

/** The folded event as the API and the dashboard show it: the write-up's `{account_id, metrics: [...]}`, and more. */
export const foldedMetricEventSchema = z.object({
  key: z.string().describe('the idempotency key, `account_id:sequence`'),
  account_id: z.string(),
  metrics: z.array(z.string()),
  events: count,
  firstAt: z.number().int(),
  lastAt: z.number().int(),
  dueAt: z.number().int(),
  publishedAt: z.number().int(),
  deliveries: z.number().int().min(1),
});

export const burstSchema = z.object({ accounts: z.array(z.string()), events: count, durationMs: count });

export const foldAcceptedSchema = z.object({
  folded: z.boolean().describe("whether the event's group was pending already"),
});

export const publishedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('how many of the latest folds, 1 to 100'),
});
