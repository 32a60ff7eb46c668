import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveProject(...keysThenArgs: ScriptArg[]): Result<[0 | 1, number] | [-1, string], Context>;
    saveCard(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    copyTotals(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    unlistCard(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
  }
}

const script = scriptsIn('projects');

export function projectScripts(): ScriptDefinition[] {
  return [script('saveProject', 2, 'save-project.lua'), script('saveCard', 6, 'save-card.lua'), script('copyTotals', 2, 'copy-totals.lua'), script('unlistCard', 6, 'unlist-card.lua')];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withProjectScripts = scriptsOn(projectScripts);
