import type { Result } from 'ioredis';
import { scriptsIn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    saveProject(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
  }
}

const script = scriptsIn('projects');

export function projectScripts(): ScriptDefinition[] {
  return [script('saveProject', 1, 'save-project.lua')];
}
