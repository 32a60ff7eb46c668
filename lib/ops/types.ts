import type { CreatorTotals } from '../creators/totals';
import type { FoldedMetricEvent } from '../folding/metric-events';
import type { FoldingStats, PendingGroup } from '../folding/types';

/** What the ops page shows that changes by the moment: counters and the oldest pending groups. */
export type OpsState = { serverTime: number; stats: FoldingStats; pending: PendingGroup[] };

/** Everything the ops page starts from, and resyncs to on every (re)connect. */
export type OpsSnapshot = OpsState & { published: FoldedMetricEvent[]; creators: CreatorTotals[] };

export const OPS_PENDING_SHOWN = 12;
export const OPS_PUBLISHED_SHOWN = 20;
export const OPS_CREATORS_SHOWN = 6;
