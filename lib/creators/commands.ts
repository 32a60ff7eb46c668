import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveCreatorTotals(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
  }
}

const script = scriptsIn('creators');

export function creatorScripts(): ScriptDefinition[] {
  return [script('saveCreatorTotals', 3, 'save-totals.lua')];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withCreatorScripts = scriptsOn(creatorScripts);
