import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    addBoardEntry(...keysThenArgs: ScriptArg[]): Result<[rank: number, threshold: number, version: number], Context>;
    readBoardTop(...keysThenArgs: ScriptArg[]): Result<[version: number, threshold: number, entries: string[]], Context>;
  }
}

const script = scriptsIn('leaderboard');

export function leaderboardScripts(): ScriptDefinition[] {
  return [
    script('addBoardEntry', 3, 'add-entry.lua'),
    script('readBoardTop', 2, 'read-top.lua', true),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withLeaderboardScripts = scriptsOn(leaderboardScripts);
