import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

type Arg = string | number;
/** A fold as claim-due.lua answers it: key, group, fields (JSON), firstAt, lastAt, events, dueAt, deliveries. */
export type RawFold = [string, string, string, string, string, string, string, string];
export type RawState = [string[], number, number, ...[string, string, string, string][]];

declare module 'ioredis' {
  interface RedisCommander<Context> {
    foldEvent(...keysThenArgs: Arg[]): Result<0 | 1, Context>;
    claimDueFolds(...keysThenArgs: Arg[]): Result<[number, ...RawFold[]], Context>;
    ackFold(...keysThenArgs: Arg[]): Result<0 | 1, Context>;
    readFoldingState(...keysThenArgs: Arg[]): Result<RawState, Context>;
  }
}

const script = (name: string, numberOfKeys: number, file: string, readOnly = false): ScriptDefinition => ({
  name,
  numberOfKeys,
  lua: loadLua(`folding/lua/${file}`),
  readOnly,
});

export function foldingScripts(): ScriptDefinition[] {
  return [
    script('foldEvent', 6, 'fold.lua'),
    script('claimDueFolds', 6, 'claim-due.lua'),
    script('ackFold', 4, 'ack-fold.lua'),
    script('readFoldingState', 5, 'read-state.lua', true),
  ];
}
