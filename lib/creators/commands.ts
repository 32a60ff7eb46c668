import type { Result } from 'ioredis';
import { scriptsIn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveCreatorTotals(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
  }
}

const script = scriptsIn('creators');

export function creatorScripts(): ScriptDefinition[] {
  return [script('saveCreatorTotals', 2, 'save-totals.lua')];
}
