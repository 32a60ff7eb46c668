import { contributions, contributors, news } from './kinds';

/**
 * How much of a project's live state a snapshot carries (each kind's `snapshotLimit`), and so how
 * much a page keeps: the newest contributors and news, the oldest contribution times to count down.
 */
export const SNAPSHOT_LIMITS = {
  expiring: contributions.snapshotLimit,
  contributors: contributors.snapshotLimit,
  news: news.snapshotLimit,
} as const;

/**
 * An instance pushes a project's pages its next `times` contribution times to count down when
 * fewer than `lowWater` of the ones it handed out are left, at most once per `minGapMs`
 * (lib/realtime/expiry-keeper.ts): pages never ask again for them.
 */
export const EXPIRING_PUSH = { times: 1_000, lowWater: 300, minGapMs: 500 } as const;

/** Activity timeline entries per page: the snapshot carries one page, "load more" reads the next; the API allows up to `max`. */
export const ACTIVITY_PAGE = { default: 10, max: 50 } as const;

/** Events one import may carry; any such batch of valid events fits the import route's body limit (lib/http/body.ts). */
export const IMPORT_MAX_EVENTS = 1_000;
