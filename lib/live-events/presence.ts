import { NotFoundError } from '../errors';
import { defaultLiveEventsContext, type LiveEventsContext } from './context';
import { LIVE_EVENTS_CHANNEL, liveEventKeys } from './keys';

/** A tab of `visitorId` opened the project page. Returns the number of people viewing. */
export async function joinProject(
  slug: string,
  visitorId: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  const keys = liveEventKeys(slug);
  const count = await ctx.redis.joinVisitor(
    keys.info, keys.visitors, keys.visitorTabs,
    ctx.now(), visitorId, ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
  );
  if (count === -1) throw new NotFoundError('project');
  return count;
}

/** A tab of `visitorId` closed; the visitor leaves when it was their last. */
export async function leaveProject(
  slug: string,
  visitorId: string,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  const keys = liveEventKeys(slug);
  return ctx.redis.leaveVisitor(
    keys.visitors, keys.visitorTabs,
    ctx.now(), visitorId, ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
  );
}

/** This instance still holds these visitors' tabs (visitor id -> open tabs). */
export async function heartbeatVisitors(
  slug: string,
  tabsByVisitor: ReadonlyMap<string, number>,
  ctx: LiveEventsContext = defaultLiveEventsContext(),
): Promise<number> {
  const keys = liveEventKeys(slug);
  return ctx.redis.heartbeatVisitors(
    keys.visitors, keys.visitorTabs,
    ctx.now(), ctx.windows.visitors, LIVE_EVENTS_CHANNEL, slug,
    ...[...tabsByVisitor].flat(),
  );
}
