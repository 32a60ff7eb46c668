import type { FeedWork } from '../feed/hook';
import { as, defineScript, statusNamed } from '../redis/script';

/**
 * The live events' scripts (lib/live-events/lua/), each declared once: its keys and arguments by
 * name, its reply's statuses named. A run named `...feed` is the home feed's keys, which
 * home-feed.lua reads from the end of KEYS, with `feedSettings` last of ARGV; `...timeline` is the
 * activity timeline's cap, slack and TTL (activity-timeline.lua).
 */

const projectStatus = statusNamed({ 1: 'done', 0: 'known', [-1]: 'no_project' });

/** The presence scripts' reply: the visitor count, and 1 when its publish was held back (presence.lua). */
export type PresenceReply = [count: number, pending: 0 | 1];

/** read-snapshot.lua's reply: raised, version, backers, endsAt, goal, tiers, the activity page, then one part per kind by shape. */
export type RawSnapshot = [
  raised: string,
  version: string,
  backers: string,
  endsAt: string,
  goal: string,
  tiers: string,
  activity: [0 | 1, ...string[]],
  ...kinds: RawKind[],
];
export type RawKind = [count: number, oldest: string[]] | string[] | number;

const contributionStatus = statusNamed({
  1: 'recorded',
  0: 'known',
  [-1]: 'no_project',
  [-2]: 'ended',
  [-3]: 'no_tier',
  [-4]: 'below_minimum',
  [-5]: 'sold_out',
});

export const recordContribution = defineScript({
  file: 'live-events/lua/record-contribution.lua',
  keys: [
    'info',
    'contributions',
    'contributors',
    'details',
    'activity',
    'changes',
    'backers',
    'ledger',
    'holds',
    '...feed',
  ],
  args: [
    'now',
    'id',
    'name',
    'amount',
    'contributionsWindow',
    'contributorsWindow',
    'slug',
    'backer',
    'tier',
    'clockShift',
    '...timeline',
    'feedSettings',
  ],
  reply: ([status, at, count, raised, feedWork, backers, amount, cancelled]: [
    number,
    number,
    number,
    number,
    FeedWork?,
    number?,
    number?,
    (0 | 1)?,
  ]) => ({
    status: contributionStatus(status),
    at,
    count,
    raised,
    feedWork,
    backers,
    amount,
    cancelled: cancelled === 1,
  }),
});

export const cancelContribution = defineScript({
  file: 'live-events/lua/cancel-contribution.lua',
  keys: ['info', 'contributions', 'contributors', 'details', 'activity', 'changes', 'backers', 'ledger', '...feed'],
  args: ['now', 'id', 'contributionsWindow', 'contributorsWindow', 'slug', 'feedSettings'],
  reply: ([status, count, raised, backers]: [number, number, number, number]) => ({
    status: statusNamed({ 1: 'cancelled', 0: 'no_contribution', [-1]: 'no_project' })(status),
    count,
    raised,
    backers,
  }),
});

const newsKeys = ['info', 'news', 'details', 'activity', 'changes', '...feed'] as const;

export const publishNews = defineScript({
  file: 'live-events/lua/publish-news.lua',
  keys: newsKeys,
  args: ['now', 'id', 'title', 'url', 'newsWindow', 'slug', '...timeline', 'feedSettings'],
  reply: ([status, at, feedWork]: [number, number, FeedWork?]) => ({ status: projectStatus(status), at, feedWork }),
});

export const unpublishNews = defineScript({
  file: 'live-events/lua/unpublish-news.lua',
  keys: newsKeys,
  args: ['now', 'id', 'newsWindow', 'slug', 'feedSettings'],
  reply: (status: number) => statusNamed({ 1: 'removed', 0: 'no_news', [-1]: 'no_project' })(status),
});

export const importEvents = defineScript({
  file: 'live-events/lua/import-events.lua',
  keys: [
    'info',
    'contributions',
    'contributors',
    'contributionDetails',
    'news',
    'newsDetails',
    'activity',
    'changes',
    'backers',
    'ledger',
  ],
  args: ['now', 'contributionsWindow', 'contributorsWindow', 'newsWindow', 'slug', 'events', '...timeline'],
  reply: ([imported, skipped]: [number, number]) => (imported === -1 ? null : { imported, skipped }),
});

const presenceKeys = ['visitors', 'tabs', 'tabCounts', 'changes', 'published'] as const;

export const joinVisitor = defineScript({
  file: 'live-events/lua/join-visitor.lua',
  keys: ['info', ...presenceKeys],
  args: ['now', 'visitor', 'tab', 'visitorsWindow', 'slug'],
  reply: as<PresenceReply | [-1, 0]>(),
});

export const leaveVisitor = defineScript({
  file: 'live-events/lua/leave-visitor.lua',
  keys: presenceKeys,
  args: ['now', 'visitor', 'tab', 'visitorsWindow', 'slug'],
  reply: as<PresenceReply>(),
});

export const heartbeatVisitors = defineScript({
  file: 'live-events/lua/heartbeat-visitors.lua',
  keys: presenceKeys,
  args: ['now', 'visitorsWindow', 'slug', '...tabs'],
  reply: as<PresenceReply>(),
});

export const readLiveSnapshot = defineScript({
  file: 'live-events/lua/read-snapshot.lua',
  keys: ['info', 'activity', 'holds', '...kinds'],
  args: ['now', 'activityLimit', 'clockShift', '...kindSpecs'],
  readOnly: true,
  reply: as<RawSnapshot | null>(),
});

export const recordEvent = defineScript({
  file: 'live-events/lua/record-event.lua',
  keys: ['info', 'changes', 'details', '...kinds'],
  args: ['now', 'id', 'slug', 'carries', '...kindSpecs'],
  reply: ([status, at]: [number, number]) => ({ status: projectStatus(status), at }),
});

export const announceEnd = defineScript({
  file: 'live-events/lua/announce-end.lua',
  keys: ['info', '...feed'],
  args: ['feedSettings'],
  reply: ([status, feedWork]: [number, FeedWork]) => ({
    status: statusNamed({ 1: 'announced', 0: 'known', [-1]: 'not_due' })(status),
    feedWork,
  }),
});

export const unscheduleEnd = defineScript({
  file: 'live-events/lua/unschedule-end.lua',
  keys: ['ends', 'changes'],
  args: ['slug', 'endsAt'],
  reply: (removed: 0 | 1) => removed === 1,
});

const holdKeys = ['info', 'holds', 'changes'] as const;

export const holdPlace = defineScript({
  file: 'live-events/lua/hold-place.lua',
  keys: holdKeys,
  args: ['tier', 'visitor', 'holdMs', 'slug', 'clockShift'],
  reply: ([status, at]: [number, number]) => ({
    status: statusNamed({
      1: 'held',
      0: 'held_already',
      [-1]: 'no_project',
      [-2]: 'ended',
      [-3]: 'no_tier',
      [-5]: 'sold_out',
      [-6]: 'unlimited',
    })(status),
    at,
  }),
});

export const releaseHold = defineScript({
  file: 'live-events/lua/release-hold.lua',
  keys: holdKeys,
  args: ['tier', 'visitor', 'slug', 'clockShift'],
  reply: (status: number) => statusNamed({ 1: 'released', 0: 'none', [-1]: 'no_project', [-3]: 'no_tier' })(status),
});

/** A one-shot move of a pre-ledger project's backers into the ledger (backfill.ts). */
export const backfillLedgerBatch = defineScript({
  file: 'live-events/lua/backfill-ledger.lua',
  keys: ['info', 'ledger', 'old'],
  args: ['now', 'shape', '...backers'],
  reply: ([moved, recounted]: [number, number]) => ({ moved, recounted }),
});

export const setOpening = defineScript({
  file: 'live-events/lua/set-opening.lua',
  keys: ['info'],
  args: ['version', 'sum'],
  reply: as<number | null>(),
});
