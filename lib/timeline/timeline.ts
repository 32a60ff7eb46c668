import type { RedisClient } from '../redis/client';
import { limitFields, type TimelineLimits, type TimelineRef } from './config';
import {
  pushTimelineEntry,
  pushTimelineId,
  readHydratedTimeline,
  readTimelinePage,
  removeTimelineEntry,
} from './scripts';

/** A page of a timeline, newest first; `nextCursor` is passed as `before` for the next page. */
export type TimelinePage<Entry> = { items: Entry[]; nextCursor: number | null };

/** Every entry carries the sequence number it was pushed with: the cursor readers page by. */
export type Sequenced = { seq: number };

/** An entry as stored: `[seq, ...fields]` (see lib/timeline/lua/includes/timeline.lua). */
export type StoredEntry = [seq: number, ...fields: unknown[]];

/** Pushes an entry (stamped with the next sequence number) and trims with hysteresis: one round trip. */
export async function pushEntry(
  redis: RedisClient,
  ref: TimelineRef,
  fields: unknown[],
  limits: TimelineLimits,
): Promise<number> {
  return pushTimelineEntry.run(
    redis,
    { list: ref.list, sequences: ref.seqHash },
    { field: ref.seqField, entry: JSON.stringify(fields), ...limitFields(limits) },
  );
}

/**
 * Removes the newest entry whose first fields (after its seq) are `leading`, reading from the
 * head, where the entries people remove are. Answers the removed entry's seq, or null.
 */
export async function removeEntry(redis: RedisClient, list: string, leading: unknown[]): Promise<number | null> {
  return removeTimelineEntry.run(redis, { list }, { leading: JSON.stringify(leading) });
}

/**
 * Reads `limit` entries older than `before` (a sequence number; omit it for the head), or null
 * when the hash holding the counter is gone. Paging by sequence number rather than by offset
 * keeps pages stable while new entries are pushed on top and old ones are trimmed or removed.
 */
export async function readPage<Entry extends Sequenced>(
  redis: RedisClient,
  ref: TimelineRef,
  { limit, before }: { limit: number; before?: number },
  parse: (stored: StoredEntry) => Entry,
): Promise<TimelinePage<Entry> | null> {
  const reply = await readTimelinePage.run(
    redis,
    { list: ref.list, sequences: ref.seqHash },
    { field: ref.seqField, limit, before: before ?? 0 },
  );
  return reply && pageFromReply(reply, parse);
}

/** Shapes `{hasMore, entry, ...}` (timelinePage in lib/timeline/lua/includes/timeline.lua), also when another script returns it. */
export function pageFromReply<Entry extends Sequenced>(
  [hasMore, ...encoded]: [0 | 1, ...string[]],
  parse: (stored: StoredEntry) => Entry,
): TimelinePage<Entry> {
  const items = encoded.map((json) => parse(JSON.parse(json) as StoredEntry));
  return { items, nextCursor: hasMore === 1 ? (items.at(-1)?.seq ?? null) : null };
}

/** The normalized variant's write: the id goes to the head (moved there if already listed). */
export async function pushId(redis: RedisClient, list: string, id: string, limits: TimelineLimits): Promise<number> {
  return pushTimelineId.run(redis, { list }, { id, ...limitFields(limits) });
}

/** The normalized variant: ids in the list, events in hashes named `prefix + id`; gone events are skipped. */
export async function readHydrated(
  redis: RedisClient,
  list: string,
  eventKeyPrefix: string,
  limit: number,
): Promise<{ id: string; fields: Record<string, string> }[]> {
  const rows = await readHydratedTimeline.run(redis, { list, eventPrefix: eventKeyPrefix }, { limit });
  return rows.map(([id, ...flat]) => ({ id, fields: Object.fromEntries(pairs(flat)) }));
}

function* pairs(flat: string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i] as string, flat[i + 1] as string];
}
