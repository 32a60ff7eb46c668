import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { liveEventKeys } from './keys';
import { heartbeatVisitors as heartbeatScript, joinVisitor, leaveVisitor, type PresenceReply } from './scripts';

/** One open page: a visitor (a person, by cookie) and the tab (a socket) they opened it in. */
export type Tab = { visitorId: string; tabId: string };

function presenceKeys(slug: string) {
  const keys = liveEventKeys(slug);
  return {
    info: keys.info,
    visitors: keys.visitors,
    tabs: keys.visitorTabs,
    tabCounts: keys.visitorTabCounts,
    changes: keys.changes,
    published: keys.visitorsPublished,
  };
}

/** Tabs per heartbeat script: an instance holding a crowd on one project vouches for it in bounded steps. */
export const HEARTBEAT_BATCH = 500;

/** How long after a held-back publish a settle can publish: presence.lua's VISITORS_PUBLISH_GAP, and a little more. */
export const VISITORS_SETTLE_DELAY_MS = 300;

function counted(slug: string, [count, pending]: PresenceReply, ctx: LiveEventsContext): number {
  if (pending === 1) ctx.onVisitorsPending?.(slug);
  return count;
}

/** A tab opened the project page. Returns the number of people viewing. */
export async function joinProject(
  slug: string,
  tab: Tab,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  const reply = await joinVisitor.run(ctx.redis, presenceKeys(slug), {
    now: ctx.now(),
    visitor: tab.visitorId,
    tab: tab.tabId,
    visitorsWindow: ctx.windows.visitors,
    slug,
  });
  if (reply[0] === -1) throw new NotFoundError('project');
  return counted(slug, reply as PresenceReply, ctx);
}

/** A tab closed; its visitor leaves when it was their last. Returns the number of people viewing. */
export async function leaveProject(
  slug: string,
  tab: Tab,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  const reply = await leaveVisitor.run(ctx.redis, presenceKeys(slug), {
    now: ctx.now(),
    visitor: tab.visitorId,
    tab: tab.tabId,
    visitorsWindow: ctx.windows.visitors,
    slug,
  });
  return counted(slug, reply, ctx);
}

/**
 * This instance still holds these tabs of the project. Returns the number of people viewing.
 * With no tabs it only settles: publishes the count if it changed since the last publish.
 */
export async function heartbeatVisitors(
  slug: string,
  tabs: readonly Tab[],
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  let reply: PresenceReply = [0, 0];
  for (let first = 0; first === 0 || first < tabs.length; first += HEARTBEAT_BATCH) {
    reply = await heartbeatScript.run(ctx.redis, presenceKeys(slug), {
      now: ctx.now(),
      visitorsWindow: ctx.windows.visitors,
      slug,
      tabs: tabs.slice(first, first + HEARTBEAT_BATCH).flatMap((tab) => [tab.visitorId, tab.tabId]),
    });
  }
  return counted(slug, reply, ctx);
}

/** Publishes the project's visitor count if a change of it was held back. Returns the count. */
export function settleVisitors(slug: string, ctx: LiveEventsContext = defaultLiveEventsContext()): Promise<number> {
  return heartbeatVisitors(slug, [], ctx);
}
