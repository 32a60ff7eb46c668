import type { Result } from 'ioredis';
import { loadLua, type ScriptDefinition } from '../redis/lua';

type Arg = string | number;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pushTimelineEntry(...keysThenArgs: Arg[]): Result<number, Context>;
    removeTimelineEntry(...keysThenArgs: Arg[]): Result<number, Context>;
    readTimelinePage(...keysThenArgs: Arg[]): Result<[0 | 1, ...string[]] | null, Context>;
    pushTimelineId(...keysThenArgs: Arg[]): Result<number, Context>;
    readHydratedTimeline(...keysThenArgs: Arg[]): Result<[id: string, ...fields: string[]][], Context>;
  }
}

const script = (name: string, numberOfKeys: number, file: string, readOnly = false): ScriptDefinition => ({
  name,
  numberOfKeys,
  lua: loadLua(`timeline/lua/${file}`),
  readOnly,
});

export function timelineScripts(): ScriptDefinition[] {
  return [
    script('pushTimelineEntry', 2, 'push-entry.lua'),
    script('removeTimelineEntry', 1, 'remove-entry.lua'),
    script('readTimelinePage', 2, 'read-page.lua', true),
    script('pushTimelineId', 1, 'push-id.lua'),
    script('readHydratedTimeline', 1, 'read-hydrated.lua', true),
  ];
}
