import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

type BoardTop = [threshold: number, lastPlacePlayers: number, entries: string[]];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    readBoardTop(...keysThenArgs: ScriptArg[]): Result<[version: number, board: BoardTop], Context>;
    readBoards(...keysThenArgs: ScriptArg[]): Result<[version: number, day: BoardTop, week: BoardTop, all: BoardTop], Context>;
    removeBoardEntry(...keysThenArgs: ScriptArg[]): Result<[removed: 0 | 1, version: number], Context>;
    readBoardPlayer(...keysThenArgs: ScriptArg[]): Result<[hidden: 0 | 1, ...boards: [best: number, rank: number, above: number, inBucket: number, players: number][]], Context>;
    hideBoardPlayer(...keysThenArgs: ScriptArg[]): Result<[removed: number, version: number], Context>;
  }
}

const script = scriptsIn('leaderboard');

export function leaderboardScripts(): ScriptDefinition[] {
  return [
    // One script, two key counts: one board (the API) or all three (a page), with their version.
    script('readBoardTop', 4, 'read-top.lua', true),
    script('readBoards', 6, 'read-top.lua', true),
    script('removeBoardEntry', 5, 'remove-board-entry.lua'),
    script('hideBoardPlayer', 9, 'hide-player.lua'),
    script('readBoardPlayer', 5, 'read-player.lua', true),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withLeaderboardScripts = scriptsOn(leaderboardScripts);
