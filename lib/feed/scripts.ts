import { as, defineScript } from '../redis/script';

/** The home feed's scripts (lib/feed/lua/), each declared once: its keys and arguments by name. */

export const followVisitorSide = defineScript({
  file: 'feed/lua/follow-visitor.lua',
  keys: ['follows', 'pending'],
  args: ['slug', 'step', 'now', 'maxFollows', 'ttl'],
  reply: (changed: -1 | 0 | 1) => (({ [-1]: 'too_many', 0: 'unchanged', 1: 'changed' }) as const)[changed],
});

export const followProjectSide = defineScript({
  file: 'feed/lua/follow-project.lua',
  keys: ['info', 'followers'],
  args: ['visitor', 'step'],
  reply: as<number>(),
});

export const settleFollow = defineScript({
  file: 'feed/lua/settle-follow.lua',
  keys: ['pending'],
  args: ['slug', 'step'],
  reply: as<0 | 1>(),
});

/** Its keys are one slot group of feeds, in pairs. */
export const pushFeeds = defineScript({
  file: 'feed/lua/push-feeds.lua',
  keys: ['...feeds'],
  args: ['ref', 'cap', 'slack'],
  reply: as<number>(),
});

export const openFeed = defineScript({
  file: 'feed/lua/open-feed.lua',
  keys: ['follows', 'pending', 'entries', 'active'],
  args: ['now', 'idle', 'look', 'ttl'],
  reply: ([wasActive, lastLooked, follows, pending]: [0 | 1, number, string[], string[]]) => ({
    wasActive: wasActive === 1,
    lastLooked,
    follows,
    pending,
  }),
});

export const rebuildFeed = defineScript({
  file: 'feed/lua/rebuild-feed.lua',
  keys: ['entries'],
  args: ['cap', 'idle', '...refs'],
  reply: as<number>(),
});

export const ackFeedEntry = defineScript({
  file: 'feed/lua/ack-entry.lua',
  keys: ['queue', 'progress'],
  args: ['group', 'id'],
  reply: as<number>(),
});

export const claimFeedWork = defineScript({
  file: 'feed/lua/claim-work.lua',
  keys: ['work'],
  args: ['now', 'lease', 'count'],
  reply: as<string[]>(),
});

export const releaseFeedWork = defineScript({
  file: 'feed/lua/release-work.lua',
  keys: ['work'],
  args: ['slug', 'leaseEnd'],
  reply: as<0 | 1>(),
});

export const claimFeedSweep = defineScript({
  file: 'feed/lua/claim-sweep.lua',
  keys: ['sweepLease', 'sweepCursor'],
  args: ['holder', 'lease'],
  reply: ([leased, cursor]: [0 | 1, string]) => ({ leased: leased === 1, cursor }),
});

export const advanceFeedSweep = defineScript({
  file: 'feed/lua/advance-sweep.lua',
  keys: ['sweepLease', 'sweepCursor', 'work', 'big'],
  args: ['holder', 'next', 'now', 'queued', '...slugs'],
  reply: as<number>(),
});

export const probeFeedProject = defineScript({
  file: 'feed/lua/probe-project.lua',
  keys: ['queue', 'mergedTo'],
  args: [],
  readOnly: true,
  reply: ([messages, merged]: [number, 0 | 1]) => ({ messages, merged: merged === 1 }),
});

export const mergedFeedRefs = defineScript({
  file: 'feed/lua/merged-refs.lua',
  keys: ['entries', 'mergedTo'],
  args: [],
  readOnly: true,
  reply: as<string[]>(),
});
