import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { heartbeatVisitors, joinProject, leaveProject, LIVE_EVENTS_CHANNEL, readLiveSnapshot } from '../live-events';
import { defaultLiveEventsContext } from '../live-events/context';
import { slugSchema, visitorIdSchema } from '../live-events/schemas';
import type { LiveChange } from '../live-events/types';
import { heartbeatInterval } from '../live-events/windows';
import { log } from '../log';
import { createSubscriber } from '../redis/client';
import type {
  ClientToServerEvents, InterServerEvents, RedisStatus, ServerToClientEvents, SocketData, WatchReply,
} from './events';
import { projectRoom } from './events';
import { LocalViewers } from './local-viewers';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** At most one viewer-count push per project per this many ms (well inside the spec's 1 s). */
const VISITOR_PUSH_MS = 250;

const watchRequest = z.object({ slug: slugSchema, visitorId: visitorIdSchema });

/**
 * The socket side of live events. Route handlers never emit: their scripts PUBLISH on Redis,
 * and every app instance relays what it hears to the sockets it holds. That is what lets
 * several instances behind one load balancer share the live pages.
 */
export function attachLiveEvents(io: LiveServer): { close(): Promise<void> } {
  const ctx = defaultLiveEventsContext();
  const viewers = new LocalViewers();
  const subscriber = createSubscriber();
  let status: RedisStatus = { redis: ctx.redis.status === 'ready' ? 'up' : 'down' };

  void subscriber.subscribe(LIVE_EVENTS_CHANNEL).catch((error) => log.error({ err: error }, 'subscribe failed'));
  // Viewer counts are coalesced: when many people arrive at once, each page gets the latest
  // count every VISITOR_PUSH_MS instead of one push per join (n joins x n viewers frames).
  const latestVisitorCounts = new Map<string, LiveChange>();
  let visitorFlush: NodeJS.Timeout | undefined;
  const flushVisitorCounts = () => {
    visitorFlush = undefined;
    for (const change of latestVisitorCounts.values()) io.to(projectRoom(change.slug)).emit('live:change', change);
    latestVisitorCounts.clear();
  };
  subscriber.on('message', (_channel: string, message: string) => {
    const change = JSON.parse(message) as LiveChange;
    if (change.type === 'visitors-changed') {
      latestVisitorCounts.set(change.slug, change);
      visitorFlush ??= setTimeout(flushVisitorCounts, VISITOR_PUSH_MS);
      return;
    }
    io.to(projectRoom(change.slug)).emit('live:change', change);
  });

  const heartbeat = async () => {
    for (const [slug, tabsByVisitor] of viewers.projects()) {
      await heartbeatVisitors(slug, tabsByVisitor, ctx).catch(() => undefined);
    }
  };
  const heartbeatTimer = setInterval(heartbeat, heartbeatInterval(ctx.windows));

  const announce = (next: RedisStatus) => {
    if (next.redis === status.redis) return;
    status = next;
    io.emit('server:status', status);
    // After an outage (or a Redis restart that lost its data) vouch for our viewers at once.
    if (next.redis === 'up') void heartbeat();
  };
  const onReady = () => announce({ redis: 'up' });
  const onDown = () => announce({ redis: 'down' });
  ctx.redis.on('ready', onReady);
  ctx.redis.on('close', onDown);

  io.on('connection', (socket: LiveSocket) => {
    socket.emit('server:status', status);

    socket.on('project:watch', async (request, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = watchRequest.safeParse(request);
      if (!parsed.success) return ack({ ok: false, error: 'invalid' });
      ack(await watch(socket, parsed.data.slug, parsed.data.visitorId));
    });

    socket.on('disconnect', async () => {
      const watching = socket.data.watching;
      if (!watching || !(await watching.joined.then(() => true, () => false))) return;
      viewers.remove(watching.slug, watching.visitorId);
      await leaveProject(watching.slug, watching.visitorId, ctx).catch(() => undefined);
    });
  });

  async function watch(socket: LiveSocket, slug: string, visitorId: string): Promise<WatchReply> {
    const current = socket.data.watching;
    if (current && (current.slug !== slug || current.visitorId !== visitorId)) return { ok: false, error: 'invalid' };
    try {
      if (!current) await startWatching(socket, slug, visitorId);
      return { ok: true, snapshot: await readLiveSnapshot(slug, ctx) };
    } catch (error) {
      return { ok: false, error: error instanceof NotFoundError ? 'not-found' : 'unavailable' };
    }
  }

  async function startWatching(socket: LiveSocket, slug: string, visitorId: string): Promise<void> {
    // Join the room before reading, so no change can fall between the snapshot and the stream.
    await socket.join(projectRoom(slug));
    const joined = joinProject(slug, visitorId, ctx);
    socket.data.watching = { slug, visitorId, joined };
    try {
      await joined;
      viewers.add(slug, visitorId);
    } catch (error) {
      socket.data.watching = undefined;
      await socket.leave(projectRoom(slug));
      throw error;
    }
  }

  return {
    async close() {
      clearInterval(heartbeatTimer);
      clearTimeout(visitorFlush);
      ctx.redis.off('ready', onReady);
      ctx.redis.off('close', onDown);
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
