import type { z } from 'zod';
import type {
  activityEntrySchema,
  activityPageSchema,
  contributorSchema,
  expiringTimesSchema,
  liveBatchSchema,
  liveChangeSchema,
  liveSnapshotSchema,
  newsItemSchema,
  versionedChangeSchema,
} from './schemas';

/** Times (`at`) are milliseconds since the epoch on the server's clock. */
export type Contributor = z.infer<typeof contributorSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * An entry of a project's activity timeline, newest first by `seq` (the order events arrived in;
 * an imported event keeps its own older `at`). `seq` is the cursor a page is read before.
 */
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of the activity timeline; `nextCursor` (a `seq`) reads the next one, null at the end. */
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** What a page starts from, and resyncs to: every item with its `at`, on the server's `serverTime`. */
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;

/**
 * What a live-event script SPUBLISHes on its project's channel (built in Lua with cjson).
 * Changes to contributions and news carry the project's version, one more than the last.
 * Viewer counts carry none: each is the whole count, so only the latest matters.
 */
export type VersionedChange = z.infer<typeof versionedChangeSchema>;

export type LiveChange = z.infer<typeof liveChangeSchema>;

/** Several changes of a hot project in one frame (at most ~10 frames a second per socket). */
export type LiveBatch = z.infer<typeof liveBatchSchema>;

/** More contribution times to count down, so that a page never asks again for them (not versioned: read at `version`). */
export type ExpiringTimes = z.infer<typeof expiringTimesSchema>;
