import { z } from 'zod';
import { readTop } from '../leaderboard';
import { defaultLeaderboardContext } from '../leaderboard/context';
import type { LeaderboardChange } from '../leaderboard/types';
import { log } from '../log';
import { LEADERBOARD_ROOM, type LeaderboardWatchReply, type RealtimeServer, type RealtimeSocket } from './events';
import type { RealtimeHub } from './hub';

/** Our own script publishes these; the shape is checked so that a stray message cannot crash us. */
const publishedChange = z.looseObject({
  type: z.literal('entry-added'),
  version: z.number(),
  threshold: z.number(),
  entry: z.looseObject({ id: z.string(), name: z.string(), score: z.number(), date: z.number(), rank: z.number() }),
});

/**
 * The live leaderboard: a page watches it and gets the whole board, then every entry that
 * enters. add-to-board.lua publishes only when the board changed, so a score that does not
 * enter costs the open boards nothing.
 */
export function attachLeaderboard(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  hub.subscribe(defaultLeaderboardContext().keys.changes, (message) => {
    let change: LeaderboardChange;
    try {
      change = publishedChange.parse(JSON.parse(message)) as LeaderboardChange;
    } catch {
      return log.warn({ message: message.slice(0, 200) }, 'ignored a malformed leaderboard change');
    }
    io.to(LEADERBOARD_ROOM).emit('leaderboard:change', change);
  });

  io.on('connection', (socket: RealtimeSocket) => {
    socket.on('leaderboard:watch', async (ack) => {
      if (typeof ack !== 'function') return;
      ack(await watch(socket));
    });
  });

  async function watch(socket: RealtimeSocket): Promise<LeaderboardWatchReply> {
    // Join before reading, so no change can fall between the board and the stream.
    await socket.join(LEADERBOARD_ROOM);
    const ctx = defaultLeaderboardContext();
    try {
      return { ok: true, board: await readTop(ctx.size, ctx) };
    } catch {
      return { ok: false, error: 'unavailable' };
    }
  }

  return { close: () => undefined };
}
