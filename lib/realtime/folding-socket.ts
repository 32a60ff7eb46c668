import { z } from 'zod';
import { creatorKeys } from '../creators/keys';
import type { CreatorTotals } from '../creators/totals';
import { accountIdSchema, metricEventsSpec, metricFolder, toFoldedMetricEvent } from '../folding/metric-events';
import { parseFoldingMessage } from '../folding/parse';
import { log } from '../log';
import { readCreatorView, readOpsSnapshot, readOpsState } from '../ops/ops-snapshot';
import { creatorHasProjects } from '../projects/catalogue';
import { OPS_ROOM, creatorRoom, type CreatorReply, type RealtimeServer, type RealtimeSocket } from './events';
import type { RealtimeHub } from './hub';
import { serially } from './serially';
import { whileWatched } from './watched-channels';

/** At most one counters push per this many ms: a burst of thousands of events is a handful of frames. */
const STATE_PUSH_MS = 250;

const creatorTotals = z.looseObject({ account: z.string() });

/**
 * The ops dashboard and creator views: relays published folds and creator totals (our scripts
 * SPUBLISH them on their shard's channel) while a socket of this instance watches them, and
 * while anyone watches /ops, reads the counters every STATE_PUSH_MS and pushes them when they
 * changed. Events are not published one by one: that would be a message
 * per event where the point of folding is to have fewer.
 */
export function attachFolding(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  const relayFold = (message: string) => {
    const fold = parseFoldingMessage(message, metricEventsSpec.name);
    if (fold) io.to(OPS_ROOM).emit('ops:published', toFoldedMetricEvent(fold));
  };
  const relayTotals = (message: string) => {
    const parsed = creatorTotals.safeParse(safeJson(message));
    if (!parsed.success) return log.warn({ message: message.slice(0, 200) }, 'ignored malformed creator totals');
    io.to(creatorRoom(parsed.data.account))
      .to(OPS_ROOM)
      .emit('creator:totals', parsed.data as CreatorTotals);
  };
  // Subscribed only while a socket of this instance watches /ops (folds, totals) or a creator (totals).
  const foldChannels = whileWatched(hub, () => metricFolder().shards.map((shard) => shard.changes), relayFold);
  const totalsChannel = whileWatched(hub, () => [creatorKeys.changes], relayTotals);

  let lastPushed = '';
  let reading = false;
  const pushState = async () => {
    if (reading || !io.sockets.adapter.rooms.get(OPS_ROOM)?.size) return;
    reading = true;
    try {
      const state = await readOpsState();
      const fingerprint = JSON.stringify([state.stats, state.pending]);
      if (fingerprint !== lastPushed) io.to(OPS_ROOM).emit('ops:state', state);
      lastPushed = fingerprint;
    } catch {
      // Redis is down: pages show it from server:status and resync when it is back.
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(pushState, STATE_PUSH_MS);

  io.on('connection', (socket) => {
    const unwatch = () => {
      foldChannels.remove(`ops:${socket.id}`);
      totalsChannel.remove(`ops:${socket.id}`);
      totalsChannel.remove(`creator:${socket.id}`);
    };
    socket.once('disconnect', unwatch);
    socket.on('ops:watch', async (ack) => {
      if (typeof ack !== 'function') return;
      await socket.join(OPS_ROOM);
      await Promise.all([foldChannels.add(`ops:${socket.id}`), totalsChannel.add(`ops:${socket.id}`)]);
      // Gone meanwhile: its disconnect came before there was anything to release.
      if (socket.disconnected) return unwatch();
      try {
        ack({ ok: true, snapshot: await readOpsSnapshot() });
      } catch {
        ack({ ok: false, error: 'unavailable' });
      }
    });
    // One watch at a time per socket, so that a flood cannot interleave joins and leaves.
    const queue = serially();
    socket.on('creator:watch', (request, ack) => {
      if (typeof ack !== 'function') return;
      const account = accountIdSchema.safeParse((request as { account?: unknown } | null)?.account);
      if (!account.success) return ack({ ok: false, error: 'invalid' });
      queue(() => watchCreator(socket, account.data).then(ack));
    });
  });

  /** One creator per socket: a new watch leaves the previous room; a room only for an account that exists. */
  async function watchCreator(socket: RealtimeSocket, account: string): Promise<CreatorReply> {
    if (socket.data.creator && socket.data.creator !== account) {
      await socket.leave(creatorRoom(socket.data.creator));
      socket.data.creator = undefined;
      totalsChannel.remove(`creator:${socket.id}`);
    }
    // Anyone can name any account: one with no project is refused at the cost of one EXISTS.
    const known = await creatorHasProjects(account).catch(() => undefined);
    if (!known) return { ok: false, error: known === false ? 'not-found' : 'unavailable' };
    // Join before reading, so no change falls between; leave again unless the account exists.
    socket.data.creator = account;
    await socket.join(creatorRoom(account));
    await totalsChannel.add(`creator:${socket.id}`);
    const totals = await readCreatorView(account).catch(() => undefined);
    if (totals && !socket.disconnected) return { ok: true, totals };
    socket.data.creator = undefined;
    totalsChannel.remove(`creator:${socket.id}`);
    await socket.leave(creatorRoom(account));
    return { ok: false, error: totals === null ? 'not-found' : 'unavailable' };
  }

  return {
    close() {
      clearInterval(timer);
      foldChannels.close();
      totalsChannel.close();
    },
  };
}

function safeJson(message: string): unknown {
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}
