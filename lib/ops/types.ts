import type { z } from 'zod';
import type { opsSnapshotSchema, opsStateSchema } from './schemas';

/** What the ops page shows that changes by the moment: counters and the oldest pending groups. */
export type OpsState = z.infer<typeof opsStateSchema>;

/** Everything the ops page starts from, and resyncs to on every (re)connect. */
export type OpsSnapshot = z.infer<typeof opsSnapshotSchema>;

export const OPS_PENDING_SHOWN = 12;
export const OPS_PUBLISHED_SHOWN = 20;
export const OPS_CREATORS_SHOWN = 6;
