import { CampaignEndedError, ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { afterFeedHook, feedHook } from '../feed/hook';
import { newId } from '../ids';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { projectKeys } from '../projects/keys';
import { liveEventKeys } from './keys';
import { activityLimitFields } from './activity';
import type { ContributionInput } from './schemas';
import { cancelContribution as cancelScript, recordContribution as recordScript } from './scripts';

export type RecordedContribution = {
  id: string;
  at: number;
  /** False when this id had been recorded already: nothing was counted twice. */
  created: boolean;
  count: number;
  raised: number;
  /** The pledge's amount: the original's when `created` is false. */
  amount: number;
  /** Whether the pledge was cancelled (a repeat of a cancelled id is not a new pledge). */
  cancelled: boolean;
};

/** A visitor as a backer (and as a hold's holder: lib/live-events/lua/includes/holds.lua). */
export const backerOfVisitor = (visitorId: string) => `v:${visitorId}`;

/**
 * Who backs: the visitor (its cookie's id; server.ts gives a pledging client one). A name never
 * makes a backer: a pledge that still comes without a visitor is a backer of its own.
 */
export const backerOf = (pledgeId: string, visitorId: string | undefined) =>
  visitorId ? backerOfVisitor(visitorId) : `o:${pledgeId}`;

/** The keys of a project's pledges, as record- and cancel-contribution.lua name them. */
function pledgeKeys(slug: string) {
  const keys = liveEventKeys(slug);
  return {
    ...keys,
    details: keys.contributionDetails,
    backers: projectKeys.backers(slug),
    ledger: projectKeys.ledger(slug),
    holds: projectKeys.holds(slug),
  };
}

/**
 * Records a contribution: one script (lua/record-contribution.lua) answers an id the ledger holds
 * with the original pledge, refuses a new one once the campaign has ended, else keeps it in the
 * ledger and feeds both of its kinds, the total, the backers, the activity timeline, the
 * change every open page applies and the followers' home feeds; then what must follow it
 * outside the project's slot.
 */
export async function recordContribution(
  slug: string,
  input: ContributionInput,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
  visitorId?: string,
): Promise<RecordedContribution> {
  const id = input.id ?? newId();
  const feed = feedHook(slug, ctx);
  const { status, at, count, raised, feedWork, amount, cancelled } = await recordScript.run(
    ctx.redis,
    { ...pledgeKeys(slug), feed: feed.keys },
    {
      now: ctx.now(),
      id,
      name: input.name,
      amount: input.amount,
      contributionsWindow: ctx.windows.contributions,
      contributorsWindow: ctx.windows.contributors,
      slug,
      backer: backerOf(id, visitorId),
      tier: input.tier ?? '',
      clockShift: ctx.clockShift?.() ?? 0,
      timeline: activityLimitFields(),
      feedSettings: feed.arg,
    },
  );
  if (status === 'no_project') throw new NotFoundError('project');
  if (status === 'ended') throw new CampaignEndedError(at);
  if (status === 'no_tier') throw new InvalidInputError('tier', `no tier ${input.tier}`);
  if (status === 'below_minimum')
    throw new InvalidInputError('amount', `tier ${input.tier} takes at least ${at}`, {
      reason: 'too_small',
      limit: Number(at),
    });
  if (status === 'sold_out')
    throw new ConflictError(`tier ${input.tier} is sold out`, { tier: input.tier, limit: at }, 'tier_sold_out');
  // After the one script: the home feed's fan-out mark, then the creator's metric event.
  await afterFeedHook(slug, ctx, feedWork);
  if (status === 'recorded') await ctx.onProjectMetrics?.(slug, { raised, contributions: count });
  return { id, at, created: status === 'recorded', count, raised, amount: amount ?? input.amount, cancelled };
}

/**
 * Cancels a pledge in one script (lua/cancel-contribution.lua), which also refreshes the home
 * feed's backers entry in place: it queues no fan-out, so there is no mark to leave after it.
 */
export async function cancelContribution(
  slug: string,
  id: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ count: number; raised: number; backers: number }> {
  const feed = feedHook(slug, ctx);
  const { status, count, raised, backers } = await cancelScript.run(
    ctx.redis,
    { ...pledgeKeys(slug), feed: feed.keys },
    {
      now: ctx.now(),
      id,
      contributionsWindow: ctx.windows.contributions,
      contributorsWindow: ctx.windows.contributors,
      slug,
      feedSettings: feed.arg,
    },
  );
  if (status === 'no_project') throw new NotFoundError('project');
  if (status === 'no_contribution') throw new NotFoundError('contribution');
  await ctx.onProjectMetrics?.(slug, { raised, contributions: count });
  return { count, raised, backers };
}
