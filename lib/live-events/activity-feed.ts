import type { ActivityEntry, ActivityPage } from './types';

/**
 * The activity feed as a page holds it: pure functions, no React. New entries arrive on top
 * with the versioned changes; older pages are appended below by cursor ("load more").
 */
export type ActivityFeed = {
  /** Newest first, each `seq` once. */
  items: ActivityEntry[];
  /** The `before` of the next older page, null once the end is shown. */
  nextCursor: number | null;
  /**
   * Entries removed (a cancellation, an unpublish) since the snapshot. A page read before the
   * removal but arriving after it must not bring one back.
   */
  removed: number[];
};

/** Beyond this many entries a page drops its oldest, which "load more" can fetch again. */
export const MAX_SHOWN = 200;
const MAX_REMEMBERED_REMOVALS = 100;

export function feedFromPage(page: ActivityPage): ActivityFeed {
  return { items: page.items, nextCursor: page.nextCursor, removed: [] };
}

export function prependEntry(feed: ActivityFeed, entry: ActivityEntry): ActivityFeed {
  const newest = feed.items[0];
  if (newest && entry.seq <= newest.seq) return feed;
  return keepShown({ ...feed, items: [entry, ...feed.items] });
}

export function removeEntry(feed: ActivityFeed, seq: number | undefined): ActivityFeed {
  if (seq === undefined) return feed;
  return {
    ...feed,
    items: feed.items.filter((item) => item.seq !== seq),
    removed: [...feed.removed, seq].slice(-MAX_REMEMBERED_REMOVALS),
  };
}

/**
 * Appends the page read with `before`. Only when `before` is still where the feed ends: after
 * a resync replaced the feed, or when the same page was appended already, it is dropped rather
 * than leaving a gap or a repeat.
 */
export function appendPage(feed: ActivityFeed, before: number, page: ActivityPage): ActivityFeed {
  if (feed.nextCursor !== before) return feed;
  const shown = new Set(feed.items.map((item) => item.seq));
  const older = page.items.filter((item) => item.seq < before && !shown.has(item.seq) && !feed.removed.includes(item.seq));
  return keepShown({ ...feed, items: [...feed.items, ...older], nextCursor: page.nextCursor });
}

function keepShown(feed: ActivityFeed): ActivityFeed {
  if (feed.items.length <= MAX_SHOWN) return feed;
  const items = feed.items.slice(0, MAX_SHOWN);
  return { ...feed, items, nextCursor: items.at(-1)!.seq };
}
