import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { LIVE_EVENTS_CHANNEL, liveEventKeys } from './keys';

/** One open page: a visitor (a person, by cookie) and the tab (a socket) they opened it in. */
export type Tab = { visitorId: string; tabId: string };

function presenceKeys(slug: string) {
  const keys = liveEventKeys(slug);
  return [keys.visitors, keys.visitorTabs, keys.visitorTabCounts] as const;
}

/** A tab opened the project page. Returns the number of people viewing. */
export async function joinProject(slug: string, tab: Tab, ctx: LiveEventsContext = defaultLiveEventsContext()): Promise<number> {
  const count = await ctx.redis.joinVisitor(
    liveEventKeys(slug).info, ...presenceKeys(slug),
    ctx.now(), tab.visitorId, tab.tabId, ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
  );
  if (count === -1) throw new NotFoundError('project');
  return count;
}

/** A tab closed; its visitor leaves when it was their last. Returns the number of people viewing. */
export async function leaveProject(slug: string, tab: Tab, ctx: LiveEventsContext = defaultLiveEventsContext()): Promise<number> {
  return ctx.redis.leaveVisitor(
    ...presenceKeys(slug),
    ctx.now(), tab.visitorId, tab.tabId, ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
  );
}

/** This instance still holds these tabs of the project. Returns the number of people viewing. */
export async function heartbeatVisitors(
  slug: string,
  tabs: readonly Tab[],
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  return ctx.redis.heartbeatVisitors(
    ...presenceKeys(slug),
    ctx.now(), ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
    ...tabs.flatMap((tab) => [tab.visitorId, tab.tabId]),
  );
}
