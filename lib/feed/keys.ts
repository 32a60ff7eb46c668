import { projectKeys, projectTag } from '../projects/keys';

/** The feed keys of one project, in the project's slot (`{project:<slug>}`). */
export function projectFeedKeys(slug: string) {
  const tag = projectTag(slug);
  return {
    info: projectKeys.info(slug),
    /** Sorted set, all scores 0: the project's followers, paged by member. */
    followers: `${tag}:followers`,
    /** List: the project's own references, newest first, capped. */
    entries: `${tag}:feed-entries`,
    /** Prefix of the entry hashes: `<prefix><entry id>`. */
    entryPrefix: `${tag}:feed-entry:`,
    /** Stream with consumer group `fanout`: the entries still to push to followers. */
    queue: `${tag}:feed-queue`,
    /** Hash: stream id -> the last follower pushed. */
    progress: `${tag}:feed-progress`,
    /** Sharded channel: new, changed and removed entries. */
    channel: `${tag}:feed`,
    /** String: the newest reference made while the project was big (never pushed): readers merge the references up to it. */
    mergedTo: `${tag}:feed-merged-to`,
  };
}

export type ProjectFeedKeys = ReturnType<typeof projectFeedKeys>;

/** The feed keys of one visitor, in the visitor's own slot (`{feed:<visitor>}`). */
export function visitorFeedKeys(visitor: string) {
  const tag = `{feed:${visitor}}`;
  return {
    follows: `${tag}:follows`,
    pending: `${tag}:pending`,
    entries: `${tag}:entries`,
    active: `${tag}:active`,
  };
}

/**
 * Global keys of the fan-out, in one slot: `{feed}`. A test gives its own tag (FeedConfig's
 * `workTag`), so its workers claim only its own projects while other files run beside it.
 */
export function feedWorkKeysTagged(tag = 'feed') {
  return {
    work: `{${tag}}:work`,
    big: `{${tag}}:big`,
    /** String: the instance sweeping for unmarked queues (sweep.ts), expiring unless renewed. */
    sweepLease: `{${tag}}:sweep-lease`,
    /** String: the catalogue order member the sweep goes on after; absent at the start of a pass. */
    sweepCursor: `{${tag}}:sweep-cursor`,
  } as const;
}

export const feedWorkKeys = feedWorkKeysTagged();

/** The consumer group every instance's workers share. */
export const FANOUT_GROUP = 'fanout';

/** How many keys feedHookKeys gives. */
export const FEED_HOOK_KEY_COUNT = 6;

/** The feed keys appended, in this order, at the END of a live-event script's KEYS (home-feed.lua). */
export function feedHookKeys(slug: string): string[] {
  const keys = projectFeedKeys(slug);
  return [keys.followers, keys.entries, keys.entryPrefix, keys.queue, keys.channel, keys.mergedTo];
}
