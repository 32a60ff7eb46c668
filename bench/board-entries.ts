import { boardsAt, placedAndImproved } from '../lib/leaderboard/board';
import type { LeaderboardContext } from '../lib/leaderboard/context';
import { boardSuffix } from '../lib/leaderboard/keys';
import { periodAt } from '../lib/leaderboard/periods';
import type { AddedEntry } from '../lib/leaderboard/types';
import { BOARD_WRITE_KEYS } from '../lib/leaderboard/scripts';
import { as, defineScript } from '../lib/redis/script';

/** The quiz submit's board steps (add-to-boards.lua) without a session; on one board, the baseline of what three cost. */
const addEntry = defineScript({
  file: '../bench/lua/add-entry.lua',
  keys: ['...boards', ...BOARD_WRITE_KEYS],
  args: ['id', 'player', 'name', 'points', 'date', 'size', '...periods'],
  reply: as<number[]>(),
});

export type BenchEntry = { id: string; name: string; score: number; date: number };

/**
 * What the quiz submit does to the boards, at a score the bench chooses (no game to play): the
 * entry stands for a player of its own. On the three boards, or with `oneBoard` the all time
 * board alone, as before there were three.
 */
export async function addBenchEntry(entry: BenchEntry, ctx: LeaderboardContext, oneBoard = false): Promise<AddedEntry> {
  const all = periodAt('all', entry.date);
  const boards = oneBoard
    ? { keys: [ctx.keys.board(all)], args: [all.period, boardSuffix(all), all.id, 0] }
    : boardsAt(ctx, entry.date);
  const reply = await addEntry.run(
    ctx.redis,
    { ...ctx.keys, boards: boards.keys },
    {
      id: entry.id,
      player: entry.id,
      name: entry.name,
      points: entry.score,
      date: entry.date,
      size: ctx.size,
      periods: boards.args,
    },
  );
  // One board answers {rank, threshold, shared, listed, improved}: the all time column of three.
  return placedAndImproved(oneBoard ? reply.slice(0, 5).flatMap((value) => [0, 0, value]) : reply);
}
