import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

type Status = -1 | 0 | 1;
type Arg = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    recordContribution(...keysThenArgs: Arg[]): Result<[Status, number, number, number], Context>;
    cancelContribution(...keysThenArgs: Arg[]): Result<[Status, number, number], Context>;
    publishNews(...keysThenArgs: Arg[]): Result<[Status, number], Context>;
    unpublishNews(...keysThenArgs: Arg[]): Result<Status, Context>;
    importEvents(...keysThenArgs: Arg[]): Result<[number, number], Context>;
    joinVisitor(...keysThenArgs: Arg[]): Result<number, Context>;
    leaveVisitor(...keysThenArgs: Arg[]): Result<number, Context>;
    heartbeatVisitors(...keysThenArgs: Arg[]): Result<number, Context>;
    readLiveSnapshot(...keysThenArgs: Arg[]): Result<RawSnapshot | null, Context>;
  }
}

/** read-snapshot.lua's reply, before it is shaped into a LiveSnapshot. */
export type RawSnapshot = [string, number, string[], string[], string[], number, string, [0 | 1, ...string[]]];

const script = (name: string, numberOfKeys: number, file: string, readOnly = false): ScriptDefinition => ({
  name,
  numberOfKeys,
  lua: loadLua(`live-events/lua/${file}`),
  readOnly,
});

export function liveEventScripts(): ScriptDefinition[] {
  return [
    script('recordContribution', 5, 'record-contribution.lua'),
    script('cancelContribution', 5, 'cancel-contribution.lua'),
    script('publishNews', 4, 'publish-news.lua'),
    script('unpublishNews', 4, 'unpublish-news.lua'),
    script('importEvents', 7, 'import-events.lua'),
    script('joinVisitor', 4, 'join-visitor.lua'),
    script('leaveVisitor', 3, 'leave-visitor.lua'),
    script('heartbeatVisitors', 3, 'heartbeat-visitors.lua'),
    script('readLiveSnapshot', 8, 'read-snapshot.lua', true),
  ];
}
