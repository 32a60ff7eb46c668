import { feedHook } from '../feed/hook';
import { projectKeys } from '../projects/keys';
import type { ScriptArg } from '../redis/lua';
import { activityArgs } from './activity';
import type { LiveEventsContext } from './context';
import { liveEventKeys } from './keys';

/** A script's KEYS or ARGV by name, in order; a name may stand for a run of entries (`KEYS[8..13] feed`). */
export type NamedArgs = readonly (readonly [name: string, value: ScriptArg | readonly ScriptArg[]])[];

export type ContributionToRecord = { id: string; name: string; amount: number; backer: string; tier?: string };

/** A script's arguments by name: what its header lists, in that order. */
export type ScriptArgs = { keys: NamedArgs; argv: NamedArgs };

/*
 * One function per script whose arguments feed the shared Lua helpers (activity-timeline.lua,
 * home-feed.lua, which read theirs by place): each packs every KEYS and ARGV entry in the order
 * its header lists them (tests/docs/script-args.test.ts compares the two), as BullMQ's Scripts
 * class packs each of its scripts. The only places that know the order.
 */

export function recordContributionArgs(slug: string, contribution: ContributionToRecord, ctx: LiveEventsContext): ScriptArgs {
  const keys = liveEventKeys(slug);
  const feed = feedHook(slug, ctx);
  return {
    keys: [
      ['info', keys.info],
      ['contributions', keys.contributions],
      ['contributors', keys.contributors],
      ['details', keys.contributionDetails],
      ['activity', keys.activity],
      ['changes', keys.changes],
      ['backers', projectKeys.backers(slug)],
      ['ledger', projectKeys.ledger(slug)],
      ['holds', projectKeys.holds(slug)],
      // home-feed.lua reads these from the end of KEYS.
      ['feed', feed.keys],
    ],
    argv: [
      ['now', ctx.now()],
      ['id', contribution.id],
      ['name', contribution.name],
      ['amount', contribution.amount],
      ['contributionsWindow', ctx.windows.contributions],
      ['contributorsWindow', ctx.windows.contributors],
      ['slug', slug],
      ['backer', contribution.backer],
      ['tier', contribution.tier ?? ''],
      ['clockShift', ctx.clockShift?.() ?? 0],
      // pushActivity reads cap, slack and TTL from here on.
      ['timeline', activityArgs()],
      // home-feed.lua reads its settings from the last ARGV.
      ['feedSettings', feed.arg],
    ],
  };
}

export type NewsToPublish = { id: string; title: string; url: string };

/** The keys publish-news.lua and unpublish-news.lua share, in their headers' order. */
function newsKeys(slug: string, feedKeys: readonly string[]): NamedArgs {
  const keys = liveEventKeys(slug);
  return [
    ['info', keys.info],
    ['news', keys.news],
    ['details', keys.newsDetails],
    ['activity', keys.activity],
    ['changes', keys.changes],
    ['feed', feedKeys],
  ];
}

export function publishNewsArgs(slug: string, item: NewsToPublish, ctx: LiveEventsContext): ScriptArgs {
  const feed = feedHook(slug, ctx);
  return {
    keys: newsKeys(slug, feed.keys),
    argv: [
      ['now', ctx.now()],
      ['id', item.id],
      ['title', item.title],
      ['url', item.url],
      ['newsWindow', ctx.windows.news],
      ['slug', slug],
      ['timeline', activityArgs()],
      ['feedSettings', feed.arg],
    ],
  };
}

export function unpublishNewsArgs(slug: string, id: string, ctx: LiveEventsContext): ScriptArgs {
  const feed = feedHook(slug, ctx);
  return {
    keys: newsKeys(slug, feed.keys),
    argv: [
      ['now', ctx.now()],
      ['id', id],
      ['newsWindow', ctx.windows.news],
      ['slug', slug],
      ['feedSettings', feed.arg],
    ],
  };
}

/** `events` already sorted and validated, as JSON (import.ts). */
export function importEventsArgs(slug: string, events: string, ctx: LiveEventsContext): ScriptArgs {
  const keys = liveEventKeys(slug);
  return {
    keys: [
      ['info', keys.info],
      ['contributions', keys.contributions],
      ['contributors', keys.contributors],
      ['contributionDetails', keys.contributionDetails],
      ['news', keys.news],
      ['newsDetails', keys.newsDetails],
      ['activity', keys.activity],
      ['changes', keys.changes],
      ['backers', projectKeys.backers(slug)],
      ['ledger', projectKeys.ledger(slug)],
    ],
    argv: [
      ['now', ctx.now()],
      ['contributionsWindow', ctx.windows.contributions],
      ['contributorsWindow', ctx.windows.contributors],
      ['newsWindow', ctx.windows.news],
      ['slug', slug],
      ['events', events],
      ['timeline', activityArgs()],
    ],
  };
}

/** The values of named arguments, flattened: what the script is called with. */
export const argValues = (named: NamedArgs): ScriptArg[] => named.flatMap(([, value]) => (Array.isArray(value) ? value : [value as ScriptArg]));
