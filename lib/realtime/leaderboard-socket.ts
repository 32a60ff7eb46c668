import { readBoards } from '../leaderboard';
import { defaultLeaderboardContext } from '../leaderboard/context';
import { leaderboardChangeSchema } from '../leaderboard/schemas';
import type { LeaderboardChange } from '../leaderboard/types';
import { log } from '../log';
import { LEADERBOARD_ROOM, type LeaderboardWatchReply, type RealtimeServer, type RealtimeSocket } from './events';
import type { RealtimeHub } from './hub';

/**
 * The live leaderboards: a page watches them and gets the three current boards whole, then
 * every entry that enters one and every removal. add-to-boards.lua publishes only when a board
 * changed, so a score that enters none costs the open boards nothing.
 */
export function attachLeaderboard(io: RealtimeServer, hub: RealtimeHub): { close(): void } {
  hub.subscribe(defaultLeaderboardContext().keys.changes, (message) => {
    let change: LeaderboardChange;
    try {
      // Our own scripts publish these; the shape is checked so that a stray message cannot crash us.
      change = leaderboardChangeSchema.parse(JSON.parse(message));
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
      return { ok: true, boards: await readBoards(ctx), serverTime: Date.now() };
    } catch {
      return { ok: false, error: 'unavailable' };
    }
  }

  return { close: () => undefined };
}
