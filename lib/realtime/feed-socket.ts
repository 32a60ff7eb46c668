import { defaultFeedContext, listFollows, readFeed } from '../feed';
import { changeFromMessage } from '../feed/entries';
import { projectFeedKeys } from '../feed/keys';
import { log } from '../log';
import type { FeedWatchReply, RealtimeServer, RealtimeSocket } from './events';
import type { RealtimeHub, Subscription } from './hub';
import { serially } from './serially';

/** Channels one feed page listens to at most (the projects followed most recently). */
const WATCHED_PROJECTS = 200;

/**
 * The live home feed: a page watches the feed of its cookie's visitor and hears, on each
 * followed project's feed channel (in the project's slot, SPUBLISHed by home-feed.lua), every
 * new, changed or removed entry at once, before (or without) its fan-out to the feed list.
 */
export function attachFeed(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  const watching = new WeakMap<RealtimeSocket, Subscription[]>();
  const release = (socket: RealtimeSocket) => {
    watching.get(socket)?.forEach((subscription) => subscription.release());
    watching.delete(socket);
  };

  io.on('connection', (socket: RealtimeSocket) => {
    const queue = serially();
    socket.on('feed:watch', (ack) => {
      if (typeof ack !== 'function') return;
      queue(() => watch(socket).then(ack));
    });
    socket.on('disconnect', () => queue(async () => release(socket)));
  });

  async function watch(socket: RealtimeSocket): Promise<FeedWatchReply> {
    const visitor = socket.data.visitorId;
    if (!visitor) return { ok: false, error: 'no-visitor' };
    const ctx = defaultFeedContext();
    try {
      const follows = (await listFollows(ctx, visitor)).slice(0, WATCHED_PROJECTS);
      release(socket);
      const subscriptions = follows.map(({ slug }) =>
        hub.subscribe(projectFeedKeys(slug).channel, (message) => {
          const change = changeFromMessage(message);
          if (change) socket.emit('feed:change', change);
          else log.warn({ message: message.slice(0, 200) }, 'ignored a malformed feed change');
        }),
      );
      watching.set(socket, subscriptions);
      // Subscribed before reading, so no entry falls between the page and the stream.
      await Promise.all(subscriptions.map((subscription) => subscription.ready));
      if (socket.disconnected) release(socket);
      return { ok: true, page: await readFeed(ctx, visitor, { limit: 20, look: true, catchUp: true }) };
    } catch {
      return { ok: false, error: 'unavailable' };
    }
  }

  return { close: () => undefined };
}
