import type { RedisClient } from '../redis/client';
import type { Project } from '../projects/types';
import { getRedis } from '../redis/client';
import { TIMELINE_SLACK, type TimelineLimits } from '../timeline/config';
import { pushId } from '../timeline/timeline';

/**
 * Each visitor's recently viewed projects: a normalized timeline (lib/timeline) of slugs,
 * newest first, no duplicates (a project viewed again moves to the head).
 *
 * The list lives in the visitor's slot, `{visitor:<id>}`, and each project in its own, so on
 * Redis Cluster no one script can read the list and the projects together. It needs no script
 * either: the home page reads the list beside its catalogue page (one LRANGE, in parallel) and
 * hydrates it from the catalogue's cards (one HMGET). A deleted project has no card: it is
 * skipped, and the slack below the cap fills its place.
 */
export const RECENTLY_VIEWED: TimelineLimits = { cap: 10, slack: TIMELINE_SLACK, ttlMs: 30 * 24 * 3_600_000 };

export const recentlyViewedKey = (visitorId: string) => `{visitor:${visitorId}}:recently-viewed`;

/** One round trip: the slug moves (or goes) to the head, the list is trimmed with hysteresis. */
export async function recordView(visitorId: string, slug: string, redis: RedisClient = getRedis()): Promise<void> {
  await pushId(redis, recentlyViewedKey(visitorId), slug, RECENTLY_VIEWED);
}

/** The slugs, newest first, including the slack beyond the cap (stand-ins for deleted projects). */
export async function readRecentlyViewed(visitorId: string, redis: RedisClient = getRedis()): Promise<string[]> {
  return redis.lrange(recentlyViewedKey(visitorId), 0, -1);
}

/** The projects of `slugs` that still exist, in the order of `slugs`, at most `RECENTLY_VIEWED.cap`. */
export function hydrateRecentlyViewed(slugs: readonly string[], catalogue: readonly Project[]): Project[] {
  const bySlug = new Map(catalogue.map((project) => [project.slug, project]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []).slice(0, RECENTLY_VIEWED.cap);
}
