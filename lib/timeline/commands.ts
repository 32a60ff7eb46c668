import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pushTimelineEntry(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    removeTimelineEntry(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    readTimelinePage(...keysThenArgs: ScriptArg[]): Result<[0 | 1, ...string[]] | null, Context>;
    pushTimelineId(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    readHydratedTimeline(...keysThenArgs: ScriptArg[]): Result<[id: string, ...fields: string[]][], Context>;
  }
}

const script = scriptsIn('timeline');

export function timelineScripts(): ScriptDefinition[] {
  return [
    script('pushTimelineEntry', 2, 'push-entry.lua'),
    script('removeTimelineEntry', 1, 'remove-timeline-entry.lua'),
    script('readTimelinePage', 2, 'read-page.lua', true),
    script('pushTimelineId', 1, 'push-id.lua'),
    script('readHydratedTimeline', 2, 'read-hydrated.lua', true),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withTimelineScripts = scriptsOn(timelineScripts);
