import type { Redis } from 'ioredis';
import { limitArgs, type TimelineLimits, type TimelineRef } from './config';

/** A page of a timeline, newest first; `nextCursor` is passed as `before` for the next page. */
export type TimelinePage<Entry> = { entries: Entry[]; nextCursor: number | null };

/** Every entry carries the sequence number it was pushed with: the cursor readers page by. */
export type Sequenced = { seq: number };

/** Pushes an entry (stamped with the next sequence number) and trims with hysteresis: one round trip. */
export async function pushEntry(redis: Redis, ref: TimelineRef, entry: object, limits: TimelineLimits): Promise<number> {
  return redis.pushTimelineEntry(ref.list, ref.seqHash, ref.seqField, JSON.stringify(entry), ...limitArgs(limits));
}

/** Removes the entry with this `id`, scanning from the head, where recent entries are. */
export async function removeEntry(redis: Redis, list: string, id: string): Promise<boolean> {
  return (await redis.removeTimelineEntry(list, id)) === 1;
}

/**
 * Reads `limit` entries older than `before` (a sequence number; omit it for the head). Paging by
 * sequence number rather than by offset keeps pages stable while new entries are pushed on top.
 */
export async function readPage<Entry extends Sequenced>(
  redis: Redis,
  ref: TimelineRef,
  { limit, before }: { limit: number; before?: number },
  parse: (json: unknown) => Entry,
): Promise<TimelinePage<Entry>> {
  const [hasMore, ...encoded] = await redis.readTimelinePage(ref.list, ref.seqHash, ref.seqField, limit, before ?? 0);
  const entries = encoded.map((json) => parse(JSON.parse(json)));
  return { entries, nextCursor: hasMore === 1 ? (entries.at(-1)?.seq ?? null) : null };
}

/** The normalized variant: ids in the list, events in hashes named `prefix + id`; gone events are skipped. */
export async function readHydrated(
  redis: Redis,
  list: string,
  eventKeyPrefix: string,
  limit: number,
): Promise<{ id: string; fields: Record<string, string> }[]> {
  const rows = await redis.readHydratedTimeline(list, eventKeyPrefix, limit);
  return rows.map(([id, ...flat]) => ({ id, fields: Object.fromEntries(pairs(flat)) }));
}

function* pairs(flat: string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i] as string, flat[i + 1] as string];
}
