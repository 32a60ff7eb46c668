import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

/** A fold as claim-due.lua answers it: key, group, fields (JSON), firstAt, lastAt, events, dueAt, deliveries. */
export type RawFold = [string, string, string, string, string, string, string, string];
export type RawState = [string[], number, number, ...[string, string, string, string][]];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    foldEvent(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    claimDueFolds(...keysThenArgs: ScriptArg[]): Result<[number, ...(RawFold | number)[]], Context>;
    ackFold(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    readFoldingState(...keysThenArgs: ScriptArg[]): Result<RawState, Context>;
  }
}

const script = scriptsIn('folding');

export function foldingScripts(): ScriptDefinition[] {
  return [
    script('foldEvent', 6, 'fold.lua'),
    script('claimDueFolds', 9, 'claim-due.lua'),
    script('ackFold', 5, 'ack-fold.lua'),
    script('readFoldingState', 5, 'read-state.lua', true),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withFoldingScripts = scriptsOn(foldingScripts);
