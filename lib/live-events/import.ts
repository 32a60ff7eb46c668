import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { LIVE_EVENTS_CHANNEL, liveEventKeys } from './keys';
import type { ImportInput } from './schemas';

/**
 * Imports past events with their original times in one script call. Events already expired in
 * every window they belong to, and ids already present, are skipped.
 */
export async function importEvents(
  slug: string,
  events: ImportInput['events'],
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<{ imported: number; skipped: number }> {
  const keys = liveEventKeys(slug);
  const [imported, skipped] = await ctx.redis.importEvents(
    keys.info, keys.contributions, keys.contributors, keys.contributionDetails, keys.news, keys.newsDetails,
    ctx.now(), ctx.windows.contributions, ctx.windows.contributors, ctx.windows.news,
    LIVE_EVENTS_CHANNEL, slug, JSON.stringify(events),
  );
  if (imported === -1) throw new NotFoundError('project');
  return { imported, skipped };
}
