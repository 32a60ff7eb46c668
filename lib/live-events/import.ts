import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { backerOf } from './contributions';
import { argValues, importEventsArgs } from './script-args';
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
  const oldestFirst = events.toSorted((a, b) => a.at - b.at).map((event) => (event.kind === 'contribution' ? { ...event, backer: backerOf(event.id, undefined) } : event));
  const { keys, argv } = importEventsArgs(slug, JSON.stringify(oldestFirst), ctx);
  const [imported, skipped] = await withLiveEventScripts(ctx.redis).importEvents(...argValues(keys), ...argValues(argv));
  if (imported === -1) throw new NotFoundError('project');
  if (imported > 0) await ctx.onProjectMetrics?.(slug, { contributions: imported });
  return { imported, skipped };
}
