import { CampaignEndedError, ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { afterFeedHook } from '../feed/hook';
import { newId } from '../ids';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { projectKeys } from '../projects/keys';
import { liveEventKeys } from './keys';
import { argValues, recordContributionArgs } from './script-args';
import type { ContributionInput } from './schemas';
import { withLiveEventScripts } from './commands';

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

/** A visitor as a backer (and as a hold's holder: includes/holds.lua). */
export const backerOfVisitor = (visitorId: string) => `v:${visitorId}`;

/**
 * Who backs: the visitor (its cookie's id; server.ts gives a pledging client one). A name never
 * makes a backer: a pledge that still comes without a visitor is a backer of its own.
 */
export const backerOf = (pledgeId: string, visitorId: string | undefined) => (visitorId ? backerOfVisitor(visitorId) : `o:${pledgeId}`);

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
  const { keys, argv } = recordContributionArgs(slug, { id, name: input.name, amount: input.amount, backer: backerOf(id, visitorId), tier: input.tier }, ctx);
  const [status, at, count, raised, feedWork, , amount, cancelled] = await withLiveEventScripts(ctx.redis).recordContribution(...argValues(keys), ...argValues(argv));
  if (status === -1) throw new NotFoundError('project');
  if (status === -2) throw new CampaignEndedError(at);
  if (status === -3) throw new InvalidInputError('tier', `no tier ${input.tier}`);
  if (status === -4) throw new InvalidInputError('amount', `tier ${input.tier} takes at least ${at}`);
  if (status === -5) throw new ConflictError(`tier ${input.tier} is sold out`, { tier: input.tier, limit: at }, 'tier_sold_out');
  // After the one script: the home feed's fan-out mark, then the creator's metric event.
  await afterFeedHook(slug, ctx, feedWork);
  if (status === 1) await ctx.onProjectMetrics?.(slug, { raised, contributions: count });
  return { id, at, created: status === 1, count, raised, amount: amount ?? input.amount, cancelled: cancelled === 1 };
}

export async function cancelContribution(
  slug: string,
  id: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ count: number; raised: number; backers: number }> {
  const keys = liveEventKeys(slug);
  const [status, count, raised, backers] = await withLiveEventScripts(ctx.redis).cancelContribution(
    keys.info, keys.contributions, keys.contributors, keys.contributionDetails, keys.activity, keys.changes,
    projectKeys.backers(slug), projectKeys.ledger(slug), ctx.now(), id, ctx.windows.contributions, ctx.windows.contributors, slug,
  );
  if (status === -1) throw new NotFoundError('project');
  if (status === 0) throw new NotFoundError('contribution');
  await ctx.onProjectMetrics?.(slug, { raised, contributions: count });
  return { count, raised, backers };
}
