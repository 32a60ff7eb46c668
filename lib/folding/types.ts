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

/** The seed's counters, plus what this folder adds (fake new, leases). */
export type FoldingStats = {
  /** N_total */
  events: number;
  /** Count(ZADD == 1) */
  newGroups: number;
  /** Count(ZADD == 0) */
  folded: number;
  /** New groups whose group had been flushed less than a window before: the seed's "fake new". */
  fakeNew: number;
  /**
   * The folding ratio shown and measured: the seed's working form F_R ≈ Count(ZADD == 0) / N_total,
   * the share of events that cost no publication of their own. 0 before any event.
   */
  ratio: number;
  /**
   * The seed's exact form, Count(ZADD == 0) / (N_total − Count(ZADD == 1)). With one ZADD per
   * event, N_total = Count(1) + Count(0), so it is 1 as soon as anything folds: kept to show it.
   */
  exactRatio: number;
  /** The ratio with each fake-new event counted as the fold it would have been. */
  adjustedRatio: number;
  pending: number;
  claimed: number;
  published: number;
  redelivered: number;
  window: number;
  maxWait: number;
};

export type PendingGroup = { group: string; firstAt: number; lastAt: number; events: number; dueAt: number };

export type FoldingState = { stats: FoldingStats; pending: PendingGroup[] };
