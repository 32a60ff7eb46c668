import { NotFoundError } from '../errors';
import { activityArgs } from './activity';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { projectKeys } from '../projects/keys';
import { backerOf } from './contributions';
import { liveEventKeys } from './keys';
import type { ImportInput } from './schemas';
import { withLiveEventScripts } from './commands';

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
  const keys = liveEventKeys(slug);
  const [imported, skipped] = await withLiveEventScripts(ctx.redis).importEvents(
    keys.info, keys.contributions, keys.contributors, keys.contributionDetails, keys.news, keys.newsDetails, keys.activity, keys.changes, projectKeys.backers(slug),
    ctx.now(), ctx.windows.contributions, ctx.windows.contributors, ctx.windows.news,
    slug, JSON.stringify(events.toSorted((a, b) => a.at - b.at).map((event) => (event.kind === 'contribution' ? { ...event, backer: backerOf(event, undefined) } : event))), ...activityArgs(),
  );
  if (imported === -1) throw new NotFoundError('project');
  if (imported > 0) await ctx.onProjectMetrics?.(slug, { contributions: imported });
  return { imported, skipped };
}
