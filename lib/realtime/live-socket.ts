import { z } from 'zod';
import { NotFoundError } from '../errors';
import { heartbeatVisitors, joinProject, leaveProject, readLiveSnapshot, type Tab } from '../live-events';
import { defaultLiveEventsContext } from '../live-events/context';
import { slugSchema, visitorIdSchema } from '../live-events/schemas';
import { heartbeatInterval } from '../live-events/windows';
import { log } from '../log';
import { recordView } from '../visitors/recently-viewed';
import { projectRoom, type RealtimeServer, type RealtimeSocket, type WatchReply } from './events';
import type { RealtimeHub, Subscription } from './hub';
import { LocalViewers } from './local-viewers';
import { relayLiveChanges } from './relay';


const watchRequest = z.object({ slug: slugSchema, visitorId: visitorIdSchema });

/** Live events on project pages: watching a project, per-tab presence and its heartbeats, the relay. */
export function attachLiveEvents(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  const ctx = defaultLiveEventsContext();
  const viewers = new LocalViewers();
  const relay = relayLiveChanges(io, hub);
  const relayed = new WeakMap<RealtimeSocket, Subscription>();

  const heartbeat = () =>
    Promise.all(viewers.projects().map(([slug, tabs]) => heartbeatVisitors(slug, tabs, ctx).catch(() => undefined)));
  const heartbeatTimer = setInterval(heartbeat, heartbeatInterval(ctx.windows));
  // After an outage (or a Redis restart that lost its data) vouch for our viewers at once.
  hub.onRedisUp(() => void heartbeat());

  io.on('connection', (socket: RealtimeSocket) => {
    socket.on('project:watch', async (request, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = watchRequest.safeParse(request);
      if (!parsed.success) return ack({ ok: false, error: 'invalid' });
      ack(await watch(socket, parsed.data.slug, parsed.data.visitorId));
    });

    socket.on('disconnect', async () => {
      relayed.get(socket)?.release();
      const watching = socket.data.watching;
      if (!watching || !(await watching.joined.then(() => true, () => false))) return;
      const tab = { visitorId: watching.visitorId, tabId: socket.id };
      viewers.remove(watching.slug, tab);
      await leaveProject(watching.slug, tab, ctx).catch(() => undefined);
    });
  });

  /** Idempotent per socket: the first call joins (once, even when calls overlap), every call reads. */
  async function watch(socket: RealtimeSocket, slug: string, visitorId: string): Promise<WatchReply> {
    const current = (socket.data.watching ??= { slug, visitorId, joined: startWatching(socket, slug, { visitorId, tabId: socket.id }) });
    if (current.slug !== slug || current.visitorId !== visitorId) return { ok: false, error: 'invalid' };
    try {
      await current.joined;
      return { ok: true, snapshot: await readLiveSnapshot(slug, ctx) };
    } catch (error) {
      return { ok: false, error: error instanceof NotFoundError ? 'not-found' : 'unavailable' };
    }
  }

  async function startWatching(socket: RealtimeSocket, slug: string, tab: Tab): Promise<void> {
    try {
      // Join the room and subscribe to the project's channel before reading, so no change can
      // fall between the snapshot and the stream.
      await socket.join(projectRoom(slug));
      const subscription = relay.watch(slug);
      relayed.set(socket, subscription);
      await subscription.ready;
      await joinProject(slug, tab, ctx);
      viewers.add(slug, tab);
      // A view is a page that opened and joined: not a prefetch, not a bot without JavaScript.
      recordView(tab.visitorId, slug, ctx.redis).catch((error: Error) => log.warn({ err: error.message, slug }, 'recording a view failed'));
    } catch (error) {
      socket.data.watching = undefined;
      relayed.get(socket)?.release();
      relayed.delete(socket);
      await socket.leave(projectRoom(slug));
      throw error;
    }
  }

  return {
    close() {
      clearInterval(heartbeatTimer);
      relay.close();
    },
  };
}
