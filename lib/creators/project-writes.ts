import { defaultLiveEventsContext, type LiveEventsContext } from '../live-events/context';
import { emitProjectMetrics } from './creator-totals-fold';

/**
 * The context of the app's contribution writes (the routes, the simulator): each write of
 * lib/live-events (recordContribution, cancelContribution, importEvents) is followed by the
 * `post-metric-updated` event its creator's totals are folded from. A second round trip by
 * design: the fold lives in the creator account's slot, and lib/live-events stays unaware of
 * creators and folding.
 */
export function projectWriteContext(base: LiveEventsContext = defaultLiveEventsContext()): LiveEventsContext {
  return {
    ...base,
    onProjectMetrics: (slug, metrics) => emitProjectMetrics(slug, metrics, { redis: base.redis, now: base.now() }),
  };
}
