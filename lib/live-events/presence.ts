import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { liveEventKeys } from './keys';
import { withLiveEventScripts } from './commands';

/** One open page: a visitor (a person, by cookie) and the tab (a socket) they opened it in. */
export type Tab = { visitorId: string; tabId: string };

function presenceKeys(slug: string) {
  const keys = liveEventKeys(slug);
  return [keys.visitors, keys.visitorTabs, keys.visitorTabCounts, keys.changes, keys.visitorsPublished] as const;
}

/** Tabs per heartbeat script: an instance holding a crowd on one project vouches for it in bounded steps. */
export const HEARTBEAT_BATCH = 500;

/** A tab opened the project page. Returns the number of people viewing. */
export async function joinProject(slug: string, tab: Tab, ctx: LiveEventsContext = defaultLiveEventsContext()): Promise<number> {
  const count = await withLiveEventScripts(ctx.redis).joinVisitor(
    liveEventKeys(slug).info, ...presenceKeys(slug),
    ctx.now(), tab.visitorId, tab.tabId, ctx.windows.visitors, slug,
  );
  if (count === -1) throw new NotFoundError('project');
  return count;
}

/** A tab closed; its visitor leaves when it was their last. Returns the number of people viewing. */
export async function leaveProject(slug: string, tab: Tab, ctx: LiveEventsContext = defaultLiveEventsContext()): Promise<number> {
  return withLiveEventScripts(ctx.redis).leaveVisitor(
    ...presenceKeys(slug),
    ctx.now(), tab.visitorId, tab.tabId, ctx.windows.visitors, slug,
  );
}

/** This instance still holds these tabs of the project. Returns the number of people viewing. */
export async function heartbeatVisitors(
  slug: string,
  tabs: readonly Tab[],
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  let count = 0;
  for (let first = 0; first === 0 || first < tabs.length; first += HEARTBEAT_BATCH) {
    count = await withLiveEventScripts(ctx.redis).heartbeatVisitors(
      ...presenceKeys(slug),
      ctx.now(), ctx.windows.visitors, slug,
      ...tabs.slice(first, first + HEARTBEAT_BATCH).flatMap((tab) => [tab.visitorId, tab.tabId]),
    );
  }
  return count;
}
