import { processEnv, setting, type Env } from '../config';
import { CampaignEndedError, ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { projectKeys } from '../projects/keys';
import { holdPlace as holdScript, releaseHold as releaseScript } from './scripts';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { backerOfVisitor } from './contributions';

/** HOLD_MS: how long a hold keeps a tier's place, 1 s to 24 h, 10 minutes unless set; anything else refused. */
export function holdMsFromEnv(env: Env = processEnv()): number {
  return setting('HOLD_MS', env);
}

let configured: number | undefined;
const holdMsOf = (ctx: LiveEventsContext) => ctx.holdMs ?? (configured ??= holdMsFromEnv());

const holdKeys = (slug: string) => ({
  info: projectKeys.info(slug),
  holds: projectKeys.holds(slug),
  changes: projectKeys.changes(slug),
});

export type Hold = { tier: string; expiresAt: number; created: boolean };

/**
 * Holds a place of a limited tier for a visitor (lua/hold-place.lua): lapsed holds are pruned and
 * places counted on Redis' clock in the same script; one hold per visitor per tier, asked again
 * it is the same hold. The visitor's pledge on the tier consumes it (record-contribution.lua).
 */
export async function holdPlace(
  slug: string,
  tier: string,
  visitorId: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<Hold> {
  const { status, at } = await holdScript.run(ctx.redis, holdKeys(slug), {
    tier,
    visitor: backerOfVisitor(visitorId),
    holdMs: holdMsOf(ctx),
    slug,
    clockShift: ctx.clockShift?.() ?? 0,
  });
  if (status === 'no_project') throw new NotFoundError('project');
  if (status === 'ended') throw new CampaignEndedError(at);
  if (status === 'no_tier') throw new NotFoundError('tier');
  if (status === 'sold_out') throw new ConflictError(`tier ${tier} is sold out`, { tier, limit: at }, 'tier_sold_out');
  if (status === 'unlimited') throw new InvalidInputError('tier', `tier ${tier} has no limit: nothing to hold`);
  return { tier, expiresAt: at, created: status === 'held' };
}

/** Gives a visitor's hold back (lua/release-hold.lua); false when none stood. */
export async function releaseHold(
  slug: string,
  tier: string,
  visitorId: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<boolean> {
  const status = await releaseScript.run(ctx.redis, holdKeys(slug), {
    tier,
    visitor: backerOfVisitor(visitorId),
    slug,
    clockShift: ctx.clockShift?.() ?? 0,
  });
  if (status === 'no_project') throw new NotFoundError('project');
  if (status === 'no_tier') throw new NotFoundError('tier');
  return status === 'released';
}
