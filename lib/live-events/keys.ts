import { projectKeys, projectTag } from '../projects/keys';

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
    visitorTabCounts: `${tag}:visitor-tab-counts`,
    /** The visitor count last published on `changes`, and when: what presence compares with. */
    visitorsPublished: `${tag}:visitors-published`,
    /** The activity feed: a capped timeline (lib/timeline), its counter in `info` (activity.ts). */
    activity: `${tag}:activity`,
    /** Sharded pub/sub channel (SPUBLISH) of the project's changes, in the project's slot. */
    changes: `${tag}:changes`,
  };
}
