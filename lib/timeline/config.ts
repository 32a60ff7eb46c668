import { processEnv, setting, type Env } from '../config';

/** How a capped timeline is kept: `cap` entries, trimmed back to it once `cap + slack` is reached. */
export type TimelineLimits = { cap: number; slack: number; ttlMs: number };

/** The hysteresis of antirez's "Timeline" pattern: one LTRIM per ten pushes; a full list holds cap to cap + 9 entries. */
export const TIMELINE_SLACK = 10;

/** TIMELINE_CAP (default 100) keeps each project's activity timeline to that many entries. */
export function timelineCapFromEnv(env: Env = processEnv()): number {
  return setting('TIMELINE_CAP', env);
}

/** Where a timeline's list and its sequence counter (a field of a hash in the same slot) live. */
export type TimelineRef = { list: string; seqHash: string; seqField: string };

/** Lua arguments for the helpers in lib/timeline/lua/includes/timeline.lua, in their order. */
export const limitArgs = (limits: TimelineLimits) => [limits.cap, limits.slack, limits.ttlMs] as const;
/** The same by name, as the timeline's scripts take them (lib/timeline/scripts.ts). */
export const limitFields = ({ cap, slack, ttlMs }: TimelineLimits) => ({ cap, slack, ttl: ttlMs });
