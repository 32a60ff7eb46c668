import type { TimelinePage } from '../timeline/timeline';
import type { Windows } from './windows';

/** Times (`at`) are milliseconds since the epoch on the server's clock. */
export type Contributor = { id: string; name: string; amount: number; at: number };
export type NewsItem = { id: string; title: string; url: string; at: number };

/**
 * An entry of a project's activity feed, newest first by `seq` (the order events arrived in;
 * an imported event keeps its own older `at`). `seq` is the cursor a page is read before.
 */
export type ActivityEntry =
  | ({ seq: number; kind: 'contribution' } & Contributor)
  | ({ seq: number; kind: 'news' } & NewsItem);

/** A page of the activity feed; `nextCursor` (a `seq`) reads the next one, null at the end. */
export type ActivityPage = TimelinePage<ActivityEntry>;

export type LiveSnapshot = {
  slug: string;
  /** The server's clock when the snapshot was read: clients expire items against it. */
  serverTime: number;
  windows: Windows;
  /** The version of the last change published before this snapshot was read. */
  version: number;
  raised: number;
  contributions: {
    count: number;
    /** The oldest contribution times, ascending, so a client can count down as they expire. */
    expiring: number[];
    /** False when `expiring` was cut short: once it is used up the client fetches again. */
    expiringComplete: boolean;
  };
  contributors: Contributor[];
  news: NewsItem[];
  visitors: { count: number };
  /** The head of the activity feed, read with the rest. */
  activity: ActivityPage;
};

/**
 * What a live-event script publishes on the live-events channel (built in Lua with cjson).
 * Changes to contributions and news carry the project's version, one more than the last.
 * Viewer counts carry none: each is the whole count, so only the latest matters.
 */
export type VersionedChange =
  | {
      type: 'contribution-recorded';
      slug: string;
      version: number;
      contribution: Contributor;
      count: number;
      raised: number;
      activity: ActivityEntry;
    }
  | {
      type: 'contribution-cancelled';
      slug: string;
      version: number;
      id: string;
      at: number;
      /** Whether it was still in the contributions window (and so in the count). */
      counted: boolean;
      count: number;
      raised: number;
      /** Its activity feed entry, taken off the feed (absent when it never had one). */
      activitySeq?: number;
    }
  | { type: 'news-published'; slug: string; version: number; news: NewsItem; activity: ActivityEntry }
  | { type: 'news-unpublished'; slug: string; version: number; id: string; activitySeq?: number }
  | { type: 'events-imported'; slug: string; version: number };

export type LiveChange = VersionedChange | { type: 'visitors-changed'; slug: string; count: number };
