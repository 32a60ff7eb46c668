import { cancelContribution, importEvents, recordContribution } from '../live-events';
import { defaultLiveEventsContext, type LiveEventsContext } from '../live-events/context';
import type { ContributionInput, ImportInput } from '../live-events/schemas';
import { emitProjectMetrics } from './creator-totals-fold';

/*
 * The writes that change a project's metrics, each followed by the `post-metric-updated` event
 * its creator's totals are folded from. The API and the simulator write through these, so no
 * write path can forget the event (lib/live-events stays unaware of creators and folding).
 */

export async function recordContributionAndEmit(slug: string, input: ContributionInput, ctx: LiveEventsContext = defaultLiveEventsContext()) {
  const recorded = await recordContribution(slug, input, ctx);
  if (recorded.created) await emitMetrics(slug, { raised: recorded.raised, contributions: recorded.count }, ctx);
  return recorded;
}

export async function cancelContributionAndEmit(slug: string, id: string, ctx: LiveEventsContext = defaultLiveEventsContext()) {
  const cancelled = await cancelContribution(slug, id, ctx);
  await emitMetrics(slug, { raised: cancelled.raised, contributions: cancelled.count }, ctx);
  return cancelled;
}

export async function importEventsAndEmit(slug: string, events: ImportInput['events'], ctx: LiveEventsContext = defaultLiveEventsContext()) {
  const result = await importEvents(slug, events, ctx);
  if (result.imported > 0) await emitMetrics(slug, { contributions: result.imported }, ctx);
  return result;
}

const emitMetrics = (slug: string, metrics: { raised?: number; contributions?: number }, ctx: LiveEventsContext) =>
  emitProjectMetrics(slug, metrics, { redis: ctx.redis, now: ctx.now() });
