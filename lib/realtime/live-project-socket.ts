import { NotFoundError } from '../errors';
import { heartbeatVisitors, joinProject, leaveProject, readLiveSnapshot } from '../live-events';
import { defaultLiveEventsContext, type LiveEventsContext } from '../live-events/context';
import { heartbeatInterval } from '../live-events/windows';
import { log } from '../log';
import { projectExists } from '../projects/catalogue';
import { visitorFromCookies } from '../visitors/cookie';
import { recordView } from '../visitors/recently-viewed';
import { projectRoom, type RealtimeServer, type RealtimeSocket, type WatchReply } from './events';
import type { RealtimeHub, Subscription } from './hub';
import { LocalViewers } from './local-viewers';
import { relayLiveChanges, type LiveRelay } from './relay';
import { watchRequestSchema as watchRequest } from './schemas';
import { serially } from './serially';
import { everySpread } from './spread-timer';
import { visitorSettler } from './visitor-settler';

/** Live events on project pages: watching a project, per-tab presence and its heartbeats, the relay. */
export function attachLiveEvents(io: RealtimeServer, hub: RealtimeHub): { relay: LiveRelay; close(): void } {
  const ctx: LiveEventsContext = { ...defaultLiveEventsContext(), onVisitorsPending: (slug) => settler.pending(slug) };
  const settler = visitorSettler(ctx);
  const viewers = new LocalViewers();
  const relay = relayLiveChanges(io, hub, {
    read: (slug, expiringLimit) => readLiveSnapshot(slug, ctx, expiringLimit),
    now: ctx.now,
  });
  const relayed = new WeakMap<RealtimeSocket, Subscription>();

  const heartbeat = () =>
    Promise.all(viewers.projects().map(([slug, tabs]) => heartbeatVisitors(slug, tabs, ctx).catch(() => undefined)));
  const heartbeats = everySpread(() => void heartbeat(), heartbeatInterval(ctx.windows));
  // After an outage (or a Redis restart that lost its data) vouch for our viewers at once.
  hub.onRedisUp(() => void heartbeat());

  io.on('connection', (socket: RealtimeSocket) => {
    // No valid cookie (a script, a blocked cookie): the page stays live but nobody is counted.
    socket.data.visitorId = visitorFromCookies(socket.handshake.headers.cookie);
    // One watch at a time per socket, so switching projects cannot interleave a join and a leave.
    const queue = serially();
    socket.on('project:watch', (request, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = watchRequest.safeParse(request);
      if (!parsed.success) return ack({ ok: false, error: 'invalid' });
      queue(() => watch(socket, parsed.data.slug).then(ack));
    });
    socket.on('disconnect', () => queue(() => stopWatching(socket)));
  });

  /** Idempotent per socket for one project: the first call joins, every call reads; another project replaces it. */
  async function watch(socket: RealtimeSocket, slug: string): Promise<WatchReply> {
    if (socket.data.watching?.slug !== slug) {
      await stopWatching(socket);
      // Anyone can ask for any slug: an unknown one is refused before any subscription or read.
      const exists = await projectExists(slug, ctx.redis).catch(() => undefined);
      if (!exists) return { ok: false, error: exists === false ? 'not-found' : 'unavailable' };
      socket.data.watching = { slug, joined: startWatching(socket, slug, socket.data.visitorId) };
    }
    const current = socket.data.watching;
    try {
      await current.joined;
      return { ok: true, snapshot: await relay.snapshot(slug) };
    } catch (error) {
      // A room only for a project that exists; after a failed join, the next watch tries again.
      if (error instanceof NotFoundError || !(await settled(current.joined))) await stopWatching(socket);
      return { ok: false, error: error instanceof NotFoundError ? 'not-found' : 'unavailable' };
    }
  }

  /** Resolves true when the tab is counted as a viewer. */
  async function startWatching(socket: RealtimeSocket, slug: string, visitorId: string | undefined): Promise<boolean> {
    // Join the room and subscribe to the project's channel before reading, so no change can
    // fall between the snapshot and the stream.
    await socket.join(projectRoom(slug));
    const subscription = relay.watch(slug);
    relayed.set(socket, subscription);
    await subscription.ready;
    // Gone while subscribing: its disconnect handler ran before there was anything to release.
    if (socket.disconnected) {
      subscription.release();
      return false;
    }
    if (!visitorId) return false;
    const tab = { visitorId, tabId: socket.id };
    await joinProject(slug, tab, ctx);
    viewers.add(slug, tab);
    // A view is a page that opened and joined: not a prefetch, not a bot without JavaScript.
    recordView(visitorId, slug, ctx.redis).catch((error: Error) =>
      log.warn({ err: error.message, slug }, 'recording a view failed'),
    );
    return true;
  }

  async function stopWatching(socket: RealtimeSocket): Promise<void> {
    const watching = socket.data.watching;
    if (!watching) return;
    socket.data.watching = undefined;
    relayed.get(socket)?.release();
    relayed.delete(socket);
    await socket.leave(projectRoom(watching.slug));
    const visitorId = socket.data.visitorId;
    if (!visitorId || !(await watching.joined.catch(() => false))) return;
    const tab = { visitorId, tabId: socket.id };
    viewers.remove(watching.slug, tab);
    await leaveProject(watching.slug, tab, ctx).catch(() => undefined);
  }

  return {
    relay,
    close() {
      heartbeats.stop();
      settler.close();
      relay.close();
    },
  };
}

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );
