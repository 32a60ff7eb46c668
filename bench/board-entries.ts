import type { Result } from 'ioredis';
import { boardsAt, boardWriteKeys, placedAndImproved } from '../lib/leaderboard/board';
import type { LeaderboardContext } from '../lib/leaderboard/context';
import { boardSuffix } from '../lib/leaderboard/keys';
import { periodAt } from '../lib/leaderboard/periods';
import type { AddedEntry } from '../lib/leaderboard/types';
import { loadLua, scriptsOn, type ScriptArg } from '../lib/redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    benchAddEntry(...keysThenArgs: ScriptArg[]): Result<number[], Context>;
    benchAddEntryToOneBoard(...keysThenArgs: ScriptArg[]): Result<number[], Context>;
  }
}

// bench/lua/add-entry.lua: the quiz submit's board steps (add-to-boards.lua) without a session.
const lua = () => loadLua('../bench/lua/add-entry.lua');
const withBenchScripts = scriptsOn(() => [
  { name: 'benchAddEntry', numberOfKeys: 12, lua: lua() },
  // The same script on the all time board alone: the baseline of what three boards cost.
  { name: 'benchAddEntryToOneBoard', numberOfKeys: 10, lua: lua() },
]);

export type BenchEntry = { id: string; name: string; score: number; date: number };

/**
 * What the quiz submit does to the boards, at a score the bench chooses (no game to play): the
 * entry stands for a player of its own. On the three boards, or with `oneBoard` the all time
 * board alone, as before there were three.
 */
export async function addBenchEntry(entry: BenchEntry, ctx: LeaderboardContext, oneBoard = false): Promise<AddedEntry> {
  const redis = withBenchScripts(ctx.redis);
  const all = periodAt('all', entry.date);
  const boards = oneBoard
    ? { keys: [ctx.keys.board(all)], args: [all.period, boardSuffix(all), all.id, 0] }
    : boardsAt(ctx, entry.date);
  const add = oneBoard ? redis.benchAddEntryToOneBoard : redis.benchAddEntry;
  const reply = await add.call(redis, ...boards.keys, ...boardWriteKeys(ctx), entry.id, entry.id, entry.name, entry.score, entry.date, ctx.size, ...boards.args);
  // One board answers {rank, threshold, shared, listed, improved}: the all time column of three.
  return placedAndImproved(oneBoard ? reply.slice(0, 5).flatMap((value) => [0, 0, value]) : reply);
}
