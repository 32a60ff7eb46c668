import { projectKeys, projectTag } from '../projects/keys';
import type { KindDescriptor } from './kinds';

/** All live-event keys of one project, in the project's hash slot. */
export function liveEventKeys(slug: string) {
  const tag = projectTag(slug);
  return {
    info: projectKeys.info(slug),
    contributions: `${tag}:contributions`,
    contributors: `${tag}:contributors`,
    contributionDetails: `${tag}:contribution-details`,
    news: `${tag}:news`,
    newsDetails: `${tag}:news-details`,
    visitors: `${tag}:visitors`,
    visitorTabs: `${tag}:visitor-tabs`,
    /** Hash visitor id -> their tabs; also `count` and `at`, the count last published (visitorsPublished). */
    visitorTabCounts: `${tag}:visitor-tab-counts`,
    /**
     * The visitor count last published on `changes`, and when (fields `count`, `at`): what presence
     * compares with. Kept in the tab counts' hash, a key fewer a project (docs/benchmarks.md#memory):
     * a visitor id has 8 to 64 characters, so no visitor is ever `count` or `at`.
     */
    visitorsPublished: `${tag}:visitor-tab-counts`,
    /** The activity timeline: capped (lib/timeline), its counter in `info` (activity.ts). */
    activity: `${tag}:activity`,
    /** Sharded pub/sub channel (SPUBLISH) of the project's changes, in the project's slot. */
    changes: projectKeys.changes(slug),
  };
}

/** A kind's sorted set `{project:<slug>}:<name>`. */
export const kindKey = (slug: string, kind: KindDescriptor) => `${projectTag(slug)}:${kind.name}`;

/** The hash of a kind's members' details, shared by the kinds one write feeds. */
export const detailsKey = (slug: string, kind: KindDescriptor) =>
  `${projectTag(slug)}:${kind.details ?? `${kind.name}-details`}`;

/** What read-snapshot.lua takes per kind: its zset, and a list's details hash. */
export const kindKeys = (slug: string, kind: KindDescriptor): string[] =>
  kind.shape === 'list' ? [kindKey(slug, kind), detailsKey(slug, kind)] : [kindKey(slug, kind)];
