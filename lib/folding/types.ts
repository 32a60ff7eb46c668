import type { z } from 'zod';
import type { foldingStatsSchema, pendingGroupSchema } from './schemas';

/** How the fields of a group's events merge: the union of their names, or their latest or summed values. */
export type Merge = 'union' | 'latest' | 'sum';

export type FoldFields = string[] | Record<string, number>;

/** A group's events folded into one, as a consumer receives it; `key` is its idempotency key. */
export type Fold = {
  key: string;
  group: string;
  fields: FoldFields;
  firstAt: number;
  lastAt: number;
  events: number;
  /** When the group fell due: quiet for the window, or pending for the maximum wait. */
  dueAt: number;
  /** 1, or more when a poller's lease ran out and the fold was delivered again. */
  deliveries: number;
};

export type PublishedFold = Fold & { claimedAt: number; publishedAt: number };

/** The folding write-up's counters, plus what this folder adds (fake new, leases); described in schemas.ts. */
export type FoldingStats = z.infer<typeof foldingStatsSchema>;

export type PendingGroup = z.infer<typeof pendingGroupSchema>;

export type FoldingState = { stats: FoldingStats; pending: PendingGroup[] };
