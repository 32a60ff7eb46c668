import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveCreatorTotals(...keysThenArgs: (string | number)[]): Result<0 | 1, Context>;
  }
}

export function creatorScripts(): ScriptDefinition[] {
  return [{ name: 'saveCreatorTotals', numberOfKeys: 2, lua: loadLua('creators/lua/save-totals.lua') }];
}
