import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveProject(...keysThenArgs: (string | number)[]): Result<0 | 1, Context>;
  }
}

export function projectScripts(): ScriptDefinition[] {
  return [{ name: 'saveProject', numberOfKeys: 1, lua: loadLua('projects/lua/save-project.lua') }];
}
