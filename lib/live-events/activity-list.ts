import type { ActivityEntry, ActivityPage } from './types';

/**
 * The activity list as a page holds it: pure functions, no React. New entries arrive on top
 * with the versioned changes; older pages are appended below by cursor ("load more").
 */
export type ActivityList = {
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

export function listFromPage(page: ActivityPage): ActivityList {
  return { items: page.items, nextCursor: page.nextCursor, removed: [] };
}

export function prependEntry(list: ActivityList, entry: ActivityEntry): ActivityList {
  const newest = list.items[0];
  if (newest && entry.seq <= newest.seq) return list;
  return keepShown({ ...list, items: [entry, ...list.items] });
}

export function removeEntry(list: ActivityList, seq: number | undefined): ActivityList {
  if (seq === undefined) return list;
  return {
    ...list,
    items: list.items.filter((item) => item.seq !== seq),
    removed: [...list.removed, seq].slice(-MAX_REMEMBERED_REMOVALS),
  };
}

/**
 * Appends the page read with `before`. Only when `before` is still where the list ends: after
 * a resync replaced the list, or when the same page was appended already, it is dropped rather
 * than leaving a gap or a repeat.
 */
export function appendPage(list: ActivityList, before: number, page: ActivityPage): ActivityList {
  if (list.nextCursor !== before) return list;
  const shown = new Set(list.items.map((item) => item.seq));
  const older = page.items.filter(
    (item) => item.seq < before && !shown.has(item.seq) && !list.removed.includes(item.seq),
  );
  return keepShown({ ...list, items: [...list.items, ...older], nextCursor: page.nextCursor });
}

function keepShown(list: ActivityList): ActivityList {
  if (list.items.length <= MAX_SHOWN) return list;
  const items = list.items.slice(0, MAX_SHOWN);
  return { ...list, items, nextCursor: items.at(-1)!.seq };
}
