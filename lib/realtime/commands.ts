import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    openSocket(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
  }
}

const script = scriptsIn('realtime');

export function realtimeScripts(): ScriptDefinition[] {
  return [script('openSocket', 1, 'open-socket.lua')];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withRealtimeScripts = scriptsOn(realtimeScripts);
