import { feedHook } from '../feed/hook';
import { projectKeys } from '../projects/keys';
import type { ScriptArg } from '../redis/lua';
import { activityArgs } from './activity';
import type { LiveEventsContext } from './context';
import { liveEventKeys } from './keys';

/** A script's KEYS or ARGV by name, in order; a name may stand for a run of entries (`KEYS[8..13] feed`). */
export type NamedArgs = readonly (readonly [name: string, value: ScriptArg | readonly ScriptArg[]])[];

export type ContributionToRecord = { id: string; name: string; amount: number; backer: string };

/**
 * Every KEYS and ARGV entry of lua/record-contribution.lua, in the order its header lists them
 * (tests/docs/script-args.test.ts compares the two). The only place that knows the order,
 * as BullMQ's Scripts class packs each of its scripts.
 */
export function recordContributionArgs(slug: string, contribution: ContributionToRecord, ctx: LiveEventsContext): { keys: NamedArgs; argv: NamedArgs } {
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
      // pushActivity reads cap, slack and TTL from here on.
      ['timeline', activityArgs()],
      // home-feed.lua reads its settings from the last ARGV.
      ['feedSettings', feed.arg],
    ],
  };
}

/** The values of named arguments, flattened: what the script is called with. */
export const argValues = (named: NamedArgs): ScriptArg[] => named.flatMap(([, value]) => (Array.isArray(value) ? value : [value as ScriptArg]));
