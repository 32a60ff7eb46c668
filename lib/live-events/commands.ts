import type { Result } from 'ioredis';
import { FEED_HOOK_KEY_COUNT as FEED_HOOK_KEYS, type FeedWork } from '../feed/hook';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

type Status = -1 | 0 | 1;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    recordContribution(...keysThenArgs: ScriptArg[]): Result<[Status | -2 | -3 | -4 | -5, number, number, number, FeedWork?, number?, number?, (0 | 1)?], Context>;
    cancelContribution(...keysThenArgs: ScriptArg[]): Result<[Status, number, number, number], Context>;
    publishNews(...keysThenArgs: ScriptArg[]): Result<[Status, number, FeedWork?], Context>;
    unpublishNews(...keysThenArgs: ScriptArg[]): Result<Status, Context>;
    importEvents(...keysThenArgs: ScriptArg[]): Result<[number, number], Context>;
    joinVisitor(...keysThenArgs: ScriptArg[]): Result<PresenceReply, Context>;
    leaveVisitor(...keysThenArgs: ScriptArg[]): Result<PresenceReply, Context>;
    heartbeatVisitors(...keysThenArgs: ScriptArg[]): Result<PresenceReply, Context>;
    readLiveSnapshot(numberOfKeys: number, ...keysThenArgs: ScriptArg[]): Result<RawSnapshot | null, Context>;
    recordEvent(numberOfKeys: number, ...keysThenArgs: ScriptArg[]): Result<[Status, number], Context>;
    announceEnd(...keysThenArgs: ScriptArg[]): Result<[Status, FeedWork], Context>;
    unscheduleEnd(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    backfillLedger(...keysThenArgs: ScriptArg[]): Result<[moved: number, recounted: number], Context>;
    setOpening(...keysThenArgs: ScriptArg[]): Result<number | null, Context>;
    holdPlace(...keysThenArgs: ScriptArg[]): Result<[1 | 0 | -1 | -2 | -3 | -5 | -6, number], Context>;
    releaseHold(...keysThenArgs: ScriptArg[]): Result<1 | 0 | -1 | -3, Context>;
  }
}

/** The presence scripts' reply: the visitor count, and 1 when its publish was held back (presence.lua). */
export type PresenceReply = [count: number, pending: 0 | 1];

/** read-snapshot.lua's reply: raised, version, backers, endsAt, goal, tiers, the activity page, then one part per kind by shape. */
export type RawSnapshot = [raised: string, version: string, backers: string, endsAt: string, goal: string, tiers: string, activity: [0 | 1, ...string[]], ...kinds: RawKind[]];
export type RawKind = [count: number, oldest: string[]] | string[] | number;

const script = scriptsIn('live-events');

export function liveEventScripts(): ScriptDefinition[] {
  return [
    // + FEED_HOOK_KEYS: the home feed's keys, appended last (lib/redis/includes/home-feed.lua).
    script('recordContribution', 9 + FEED_HOOK_KEYS, 'record-contribution.lua'),
    script('cancelContribution', 8, 'cancel-contribution.lua'),
    script('publishNews', 5 + FEED_HOOK_KEYS, 'publish-news.lua'),
    script('unpublishNews', 5 + FEED_HOOK_KEYS, 'unpublish-news.lua'),
    script('importEvents', 10, 'import-events.lua'),
    script('joinVisitor', 6, 'join-visitor.lua'),
    script('leaveVisitor', 5, 'leave-visitor.lua'),
    script('heartbeatVisitors', 5, 'heartbeat-visitors.lua'),
    script('announceEnd', 1 + FEED_HOOK_KEYS, 'announce-end.lua'),
    script('unscheduleEnd', 2, 'unschedule-end.lua'),
    script('backfillLedger', 3, 'backfill-ledger.lua'),
    script('setOpening', 1, 'set-opening.lua'),
    script('holdPlace', 3, 'hold-place.lua'),
    script('releaseHold', 3, 'release-hold.lua'),
    // Any number of kinds: these two take the number of keys first.
    script('readLiveSnapshot', undefined, 'read-snapshot.lua', true),
    script('recordEvent', undefined, 'record-event.lua'),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withLiveEventScripts = scriptsOn(liveEventScripts);
