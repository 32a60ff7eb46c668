import type { Result } from 'ioredis';
import { scriptsIn, scriptsOn, type ScriptArg, type ScriptDefinition } from '../redis/lua';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    followVisitorSide(...keysThenArgs: ScriptArg[]): Result<-1 | 0 | 1, Context>;
    followProjectSide(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    settleFollow(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    pushFeeds(numberOfKeys: number, ...keysThenArgs: ScriptArg[]): Result<number, Context>;
    openFeed(...keysThenArgs: ScriptArg[]): Result<[0 | 1, number, string[], string[]], Context>;
    rebuildFeed(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    ackFeedEntry(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    claimFeedWork(...keysThenArgs: ScriptArg[]): Result<string[], Context>;
    releaseFeedWork(...keysThenArgs: ScriptArg[]): Result<0 | 1, Context>;
    claimFeedSweep(...keysThenArgs: ScriptArg[]): Result<[0 | 1, string], Context>;
    advanceFeedSweep(...keysThenArgs: ScriptArg[]): Result<number, Context>;
    probeFeedProject(...keysThenArgs: ScriptArg[]): Result<[number, 0 | 1], Context>;
    mergedFeedRefs(...keysThenArgs: ScriptArg[]): Result<string[], Context>;
  }
}

const script = scriptsIn('feed');

export function feedScripts(): ScriptDefinition[] {
  return [
    script('followVisitorSide', 2, 'follow-visitor.lua'),
    script('followProjectSide', 2, 'follow-project.lua'),
    script('settleFollow', 1, 'settle-follow.lua'),
    // Its keys are a slot group of feeds: the caller passes their number first.
    { ...script('pushFeeds', 0, 'push-feeds.lua'), numberOfKeys: undefined as unknown as number },
    script('openFeed', 4, 'open-feed.lua'),
    script('rebuildFeed', 1, 'rebuild-feed.lua'),
    script('ackFeedEntry', 2, 'ack-entry.lua'),
    script('claimFeedWork', 1, 'claim-work.lua'),
    script('releaseFeedWork', 1, 'release-work.lua'),
    script('claimFeedSweep', 2, 'claim-sweep.lua'),
    script('advanceFeedSweep', 4, 'advance-sweep.lua'),
    script('probeFeedProject', 2, 'probe-project.lua', true),
    script('mergedFeedRefs', 2, 'merged-refs.lua', true),
  ];
}

/** Defines this module's scripts on `redis` (once) and returns it. */
export const withFeedScripts = scriptsOn(feedScripts);
