import { z } from 'zod';
import { creatorTotalsSchema } from '../creators/schemas';
import { foldedMetricEventSchema, foldingStatsSchema, pendingGroupSchema } from '../folding/schemas';

/** What the ops page shows that changes by the moment: counters and the oldest pending groups. */
export const opsStateSchema = z.object({
  serverTime: z.number().int(),
  stats: foldingStatsSchema,
  pending: z.array(pendingGroupSchema),
});

/** Everything the ops page starts from, and resyncs to on every (re)connect. */
export const opsSnapshotSchema = opsStateSchema.extend({
  published: z.array(foldedMetricEventSchema),
  creators: z.array(creatorTotalsSchema),
});
