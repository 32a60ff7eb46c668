import { appendPage, feedFromPage, prependEntry, removeEntry, type ActivityFeed } from './activity-feed';
import { SNAPSHOT_LIMITS } from './limits';
import type { ActivityEntry, ActivityPage, Contributor, ExpiringTimes, LiveChange, LiveSnapshot, NewsItem, VersionedChange } from './types';
import type { Windows } from './windows';

/**
 * The browser's model of a project's live events. Pure functions, no React: the page keeps one
 * of these, applies pushed changes to it in version order, and derives what to show at any
 * moment from the server's clock, so items leave when their window ends even if nothing else
 * happens.
 */
export type LiveState = {
  slug: string;
  version: number;
  /** serverTime − the browser's Date.now() when the snapshot arrived: wrong client clocks cancel out. */
  clockOffset: number;
  windows: Windows;
  raised: number;
  contributionCount: number;
  expiring: number[];
  expiringComplete: boolean;
  contributors: Contributor[];
  news: NewsItem[];
  visitors: number;
  activity: ActivityFeed;
  /** The latest contribution changes applied, to bring pushed expiry times read at an older version up to date. */
  recent: VersionedChange[];
  /** Expiry times read at a version this state has not reached yet: applied when it does. */
  pendingExpiring?: ExpiringTimes;
};

type CountChange = Extract<VersionedChange, { type: 'contribution-recorded' | 'contribution-cancelled' }>;
type Counted = Pick<LiveState, 'contributionCount' | 'expiring' | 'expiringComplete' | 'windows'>;
/** Enough for the changes published while expiry times were read and pushed (a hot project's second). */
const RECENT_CHANGES = 1_000;
/** Expired times are dropped from the front once this many have gathered (viewAt ignores them meanwhile). */
const EXPIRED_DROP_BATCH = 64;

export type LiveView = {
  contributionCount: number;
  contributors: Contributor[];
  news: NewsItem[];
  visitors: number;
  raised: number;
  activity: ActivityEntry[];
  /** Older activity can be loaded (with `activity.nextCursor` as the cursor). */
  hasMoreActivity: boolean;
  /** The known contribution times ran out while older-than-known ones still count: fetch again. */
  needsResync: boolean;
};

export function stateFromSnapshot(snapshot: LiveSnapshot, browserNow: number): LiveState {
  return {
    slug: snapshot.slug,
    version: snapshot.version,
    clockOffset: snapshot.serverTime - browserNow,
    windows: snapshot.windows,
    raised: snapshot.raised,
    contributionCount: snapshot.contributions.count,
    expiring: snapshot.contributions.expiring,
    expiringComplete: snapshot.contributions.expiringComplete,
    contributors: snapshot.contributors,
    news: snapshot.news,
    visitors: snapshot.visitors.count,
    activity: feedFromPage(snapshot.activity),
    recent: [],
  };
}

/**
 * Applies a pushed change. A change the state already includes is ignored; 'resync' means the
 * state cannot be brought up to date locally (a change was missed, or an import): fetch a snapshot.
 */
export function applyChange(state: LiveState, change: LiveChange): LiveState | 'resync' {
  if (change.type === 'visitors-changed') return { ...state, visitors: change.count };
  if (change.type === 'contributions-expiring') return applyExpiring(state, change);
  if (change.version <= state.version) return state;
  if (change.version > state.version + 1) return 'resync';
  const next = applyVersioned(state, change);
  if (next === 'resync') return next;
  const applied = { ...next, version: change.version, recent: remember(state.recent, change) };
  return applied.pendingExpiring?.version === change.version ? applyExpiring({ ...applied, pendingExpiring: undefined }, applied.pendingExpiring) : applied;
}

/**
 * Takes the next contribution times to count down: the count and the oldest times as read at
 * `times.version`, brought up to this state's version by the contribution changes applied since.
 * Times read ahead of this state wait for it; times too old to bring up to date are dropped
 * (the page asks again only if its own run out first).
 */
function applyExpiring(state: LiveState, times: ExpiringTimes): LiveState {
  if (times.version > state.version) return { ...state, pendingExpiring: times };
  const since = state.recent.filter((change) => change.version > times.version && change.version <= state.version);
  if (since.length !== state.version - times.version) return state;
  let counted: Counted = { windows: state.windows, contributionCount: times.count, expiring: times.expiring, expiringComplete: times.expiringComplete };
  for (const change of since) {
    if (change.type === 'contribution-recorded' || change.type === 'contribution-cancelled') counted = countChange(counted, change);
  }
  const { contributionCount, expiring, expiringComplete } = counted;
  return { ...state, contributionCount, expiring, expiringComplete };
}

/** What a contribution change does to the count and the known expiry times. */
function countChange<State extends Counted>(state: State, change: CountChange): State {
  if (change.type === 'contribution-recorded') {
    // The new contribution's time is the server's now: the times before its window have left
    // the count already (viewAt subtracts them), so a page open for days keeps only a window's.
    // Oldest first: only the expired front is looked at, and dropped in batches, so that a hot
    // project's page does not copy every time it holds on every change.
    const cutoff = change.contribution.at - state.windows.contributions;
    let expired = 0;
    while (expired < state.expiring.length && state.expiring[expired]! <= cutoff) expired++;
    const dropped = expired >= EXPIRED_DROP_BATCH || expired === state.expiring.length ? expired : 0;
    const kept = dropped > 0 ? state.expiring.slice(dropped) : state.expiring;
    return {
      ...state,
      contributionCount: state.contributionCount + 1 - dropped,
      expiring: state.expiringComplete ? [...kept, change.contribution.at] : kept,
    };
  }
  const known = state.expiring.indexOf(change.at);
  return {
    ...state,
    contributionCount: state.contributionCount - (change.counted ? 1 : 0),
    expiring: change.counted && known >= 0 ? state.expiring.toSpliced(known, 1) : state.expiring,
  };
}

function applyVersioned(state: LiveState, change: VersionedChange): LiveState | 'resync' {
  switch (change.type) {
    case 'contribution-recorded': {
      return {
        ...countChange(state, change),
        raised: change.raised,
        contributors: [change.contribution, ...state.contributors].slice(0, SNAPSHOT_LIMITS.contributors),
        activity: prependEntry(state.activity, change.activity ?? { ...change.contribution, seq: change.version, kind: 'contribution' }),
      };
    }
    case 'contribution-cancelled': {
      return {
        ...countChange(state, change),
        raised: change.raised,
        contributors: state.contributors.filter((item) => item.id !== change.id),
        activity: removeEntry(state.activity, change.activitySeq),
      };
    }
    case 'news-published':
      return {
        ...state,
        news: [change.news, ...state.news].slice(0, SNAPSHOT_LIMITS.news),
        activity: prependEntry(state.activity, change.activity ?? { ...change.news, seq: change.version, kind: 'news' }),
      };
    case 'news-unpublished':
      return {
        ...state,
        news: state.news.filter((item) => item.id !== change.id),
        activity: removeEntry(state.activity, change.activitySeq),
      };
    case 'events-imported':
      return 'resync';
  }
}

/** Adds an older page of the activity feed, read with `before` ("load more"). Not versioned. */
export function applyActivityPage(state: LiveState, before: number, page: ActivityPage): LiveState {
  const activity = appendPage(state.activity, before, page);
  return activity === state.activity ? state : { ...state, activity };
}


/** What the page shows at `now` (server clock): everything past its window is gone. */
export function viewAt(state: LiveState, now: number): LiveView {
  const { windows } = state;
  const expired = state.expiring.filter((at) => at <= now - windows.contributions).length;
  return {
    contributionCount: Math.max(0, state.contributionCount - expired),
    contributors: state.contributors.filter((item) => item.at > now - windows.contributors),
    news: state.news.filter((item) => item.at > now - windows.news),
    visitors: state.visitors,
    raised: state.raised,
    activity: state.activity.items,
    hasMoreActivity: state.activity.nextCursor !== null,
    needsResync: !state.expiringComplete && expired === state.expiring.length && state.contributionCount > expired,
  };
}

/**
 * `recent` with `change` at its end. The log is shared by the states it grew through (each reads
 * it only up to its own version), so a change costs no copy of it; it is copied when trimmed, or
 * when a state it already went past is applied to again (React calls a reducer twice in dev).
 */
function remember(recent: VersionedChange[], change: VersionedChange): VersionedChange[] {
  if ((recent.at(-1)?.version ?? -Infinity) >= change.version) return [...recent.filter((each) => each.version < change.version), change];
  const log = recent.length >= 2 * RECENT_CHANGES ? recent.slice(-RECENT_CHANGES) : recent;
  log.push(change);
  return log;
}
