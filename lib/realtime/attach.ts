import { appMetrics } from '../metrics/app-metrics';
import { getRedis } from '../redis/client';
import type { RealtimeServer } from './events';
import { attachFeed } from './feed-socket';
import { attachFolding } from './folding-socket';
import { createRealtimeHub } from './hub';
import { attachLeaderboard } from './leaderboard-socket';
import { attachLiveEvents } from './live-project-socket';
import { pageTopics, type PageTopics } from './page-topics';
import { shareSnapshots } from './shared-snapshots';
import { limitSocketEvents } from './socket-limits';

/**
 * The socket side of every pattern. Route handlers never emit: their scripts SPUBLISH on Redis,
 * and every app instance relays what it hears on the channels its sockets watch. That is what lets
 * several instances behind one load balancer share the live pages.
 */
export function attachRealtime(io: RealtimeServer): { pages: PageTopics; close(): Promise<void> } {
  const hub = createRealtimeHub(io, getRedis());
  const metrics = appMetrics();
  io.on('connection', (socket) => {
    metrics.socketOpened();
    socket.once('disconnect', metrics.socketClosed);
    socket.onAnyOutgoing((event: string) => metrics.pushed(event));
    limitSocketEvents(socket);
    socket.emit('server:status', hub.status());
  });

  const liveEvents = attachLiveEvents(io, hub);
  const attached = [liveEvents, attachLeaderboard(io, hub), attachFolding(io, hub), attachFeed(io, hub)];
  shareSnapshots(liveEvents.relay.snapshot);

  return {
    pages: pageTopics(hub, liveEvents.relay),
    async close() {
      attached.forEach((pattern) => pattern.close());
      await hub.close();
    },
  };
}
