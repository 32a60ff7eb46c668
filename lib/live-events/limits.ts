/**
 * How much of a project's live state a snapshot carries, and so how much a page keeps: the
 * newest contributors and news, and the oldest contribution times (to count down as they expire).
 */
export const SNAPSHOT_LIMITS = { expiring: 200, contributors: 20, news: 10 } as const;
