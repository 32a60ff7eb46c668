import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

type Arg = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    addBoardEntry(...keysThenArgs: Arg[]): Result<[rank: number, threshold: number, version: number], Context>;
    readBoardTop(...keysThenArgs: Arg[]): Result<[version: number, threshold: number, entries: string[]], Context>;
  }
}

export function leaderboardScripts(): ScriptDefinition[] {
  return [
    { name: 'addBoardEntry', numberOfKeys: 2, lua: loadLua('leaderboard/lua/add-entry.lua') },
    { name: 'readBoardTop', numberOfKeys: 2, lua: loadLua('leaderboard/lua/read-top.lua'), readOnly: true },
  ];
}
