/**
 * How much of a project's live state a snapshot carries, and so how much a page keeps: the
 * newest contributors and news, and the oldest contribution times (to count down as they expire).
 */
export const SNAPSHOT_LIMITS = { expiring: 200, contributors: 20, news: 10 } as const;

/** Activity feed entries per page: the snapshot carries one page, "load more" reads the next; the API allows up to `max`. */
export const ACTIVITY_PAGE = { default: 10, max: 50 } as const;
