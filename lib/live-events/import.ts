import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { backerOf } from './contributions';
import { projectKeys } from '../projects/keys';
import { activityLimitFields } from './activity';
import { liveEventKeys } from './keys';
import type { ImportInput } from './schemas';
import { importEvents as importScript } from './scripts';

/**
 * Imports past events with their original times in one script call. Events already expired in
 * every window they belong to, and ids already present, are skipped. The activity timeline gets
 * them oldest first, so the batch reads newest first like everything else (a stable sort: equal
 * times keep the order they were sent in).
 */
export async function importEvents(
  slug: string,
  events: ImportInput['events'],
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ imported: number; skipped: number }> {
  const oldestFirst = events
    .toSorted((a, b) => a.at - b.at)
    .map((event) => (event.kind === 'contribution' ? { ...event, backer: backerOf(event.id, undefined) } : event));
  const done = await importScript.run(
    ctx.redis,
    { ...liveEventKeys(slug), backers: projectKeys.backers(slug), ledger: projectKeys.ledger(slug) },
    {
      now: ctx.now(),
      contributionsWindow: ctx.windows.contributions,
      contributorsWindow: ctx.windows.contributors,
      newsWindow: ctx.windows.news,
      slug,
      events: JSON.stringify(oldestFirst),
      timeline: activityLimitFields(),
    },
  );
  if (!done) throw new NotFoundError('project');
  const { imported, skipped } = done;
  if (imported > 0) await ctx.onProjectMetrics?.(slug, { contributions: imported });
  return { imported, skipped };
}
