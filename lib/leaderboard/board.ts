import { defaultLeaderboardContext, type LeaderboardContext } from './context';
import type { AddedEntry, Board, BoardEntry, RankedEntry } from './types';
import { withLeaderboardScripts } from './commands';

/**
 * Adds an entry, trims the board to its size and ranks the entry: one script, one round trip.
 * The quiz submits through submitSession (lib/quiz), which runs the same steps; this is the
 * board on its own, for other games, the tests and the bench.
 */
export async function addEntry(entry: BoardEntry, ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<AddedEntry> {
  const { keys } = ctx;
  const [rank, threshold] = await withLeaderboardScripts(ctx.redis).addBoardEntry(
    keys.index, keys.version, keys.changes,
    keys.entryPrefix, entry.id, entry.name, entry.score, entry.date, ctx.size,
  );
  return { rank: rank === 0 ? null : rank, threshold };
}

/** The best `limit` entries (all of them when fewer), best first, in one round trip. */
export async function readTop(limit: number, ctx: LeaderboardContext = defaultLeaderboardContext()): Promise<Board> {
  // ZRANGE 0 -1 would read the whole board: a limit out of range is a bug of the caller.
  if (!Number.isInteger(limit) || limit < 1 || limit > ctx.size) throw new RangeError(`limit must be 1 to ${ctx.size}`);
  const { keys } = ctx;
  const [version, threshold, entries] = await withLeaderboardScripts(ctx.redis).readBoardTop(keys.index, keys.version, keys.entryPrefix, limit, ctx.size);
  return {
    version,
    threshold,
    size: ctx.size,
    entries: entries.map((json, i): RankedEntry => ({ ...(JSON.parse(json) as BoardEntry), rank: i + 1 })),
  };
}
