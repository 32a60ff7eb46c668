import { appendPage, listFromPage, prependEntry, removeEntry, type ActivityList } from './activity-list';
import { contributions, contributors, inWindow, KINDS, news, windowOf, type KindDescriptor } from './kinds';
import type { Counter, Member } from './snapshot';
import type {
  ActivityEntry,
  ActivityPage,
  Contributor,
  ExpiringTimes,
  LiveChange,
  LiveSnapshot,
  NewsItem,
  VersionedChange,
} from './types';
import { tiersAfter, tiersAt } from './tier-places';
import type { Windows } from './windows';

/**
 * The browser's model of a project's live events, for every kind of kinds.ts. No React: the
 * page keeps one of these, applies pushed changes to it in version order, and derives what to
 * show at any moment from the server's clock, so members leave when their kind's window ends
 * and counters count down even if nothing else happens.
 */
export type LiveState = {
  slug: string;
  version: number;
  /** serverTime − the browser's Date.now() when the snapshot arrived: wrong client clocks cancel out. */
  clockOffset: number;
  windows: Windows;
  kinds: readonly KindDescriptor[];
  raised: number;
  backers: number;
  tiers: LiveSnapshot['tiers'];
  /** Each counter kind: its count at the last change, and its oldest times to count down. */
  counters: Record<string, Counter>;
  /** Each list kind: its newest members. */
  lists: Record<string, Member[]>;
  visitors: number;
  activity: ActivityList;
  /** The latest changes applied, to bring pushed expiry times read at an older version up to date. */
  recent: VersionedChange[];
  /** Expiry times read at a version this state has not reached yet (one per counter kind): applied when it does. */
  pendingExpiring?: ExpiringTimes[];
};

/** Enough for the changes published while expiry times were read and pushed (a hot project's second). */
const RECENT_CHANGES = 1_000;
/** Expired times are dropped from the front once this many have gathered (viewAt ignores them meanwhile). */
const EXPIRED_DROP_BATCH = 64;

export type LiveView = {
  /** Each counter kind's count at `now`. */
  counts: Record<string, number>;
  /** Each list kind's members still in their window at `now`. */
  lists: Record<string, Member[]>;
  contributionCount: number;
  contributors: Contributor[];
  news: NewsItem[];
  visitors: number;
  raised: number;
  backers: number;
  tiers: LiveSnapshot['tiers'];
  activity: ActivityEntry[];
  /** Older activity can be loaded (with `activity.nextCursor` as the cursor). */
  hasMoreActivity: boolean;
  /** A counter's known times ran out while older-than-known ones still count: fetch again. */
  needsResync: boolean;
};

export function stateFromSnapshot(
  snapshot: LiveSnapshot,
  browserNow: number,
  kinds: readonly KindDescriptor[] = KINDS,
): LiveState {
  const parts = snapshot as unknown as Record<string, unknown>;
  // A kind's part missing (a snapshot from before the kind was added) reads as an empty one.
  const empty = { counter: { count: 0, expiring: [], expiringComplete: true }, list: [], presence: { count: 0 } };
  const part = <T>(shape: KindDescriptor['shape']) =>
    Object.fromEntries(
      kinds.filter((kind) => kind.shape === shape).map((kind) => [kind.name, (parts[kind.name] ?? empty[shape]) as T]),
    );
  return {
    slug: snapshot.slug,
    version: snapshot.version,
    clockOffset: snapshot.serverTime - browserNow,
    windows: {
      ...snapshot.windows,
      ...Object.fromEntries(kinds.map((kind) => [kind.name, windowOf(snapshot.windows, kind)])),
    },
    kinds,
    raised: snapshot.raised,
    backers: snapshot.backers ?? 0,
    tiers: snapshot.tiers ?? [],
    counters: part<Counter>('counter'),
    lists: part<Member[]>('list'),
    visitors: snapshot.visitors.count,
    activity: listFromPage(snapshot.activity),
    recent: [],
  };
}

/**
 * Applies a pushed change. A change the state already includes is ignored; 'resync' means the
 * state cannot be brought up to date locally (a change was missed, or an import): fetch a snapshot.
 */
export function applyChange(state: LiveState, change: LiveChange): LiveState | 'resync' {
  if (change.type === 'visitors-changed') return { ...state, visitors: change.count };
  if (change.type === 'expiring-times') return applyExpiring(state, change);
  if (change.version <= state.version) return state;
  if (change.version > state.version + 1) return 'resync';
  const next = applyVersioned(state, change);
  if (next === 'resync') return next;
  const applied: LiveState = { ...next, version: change.version, recent: remember(state.recent, change) };
  const due = applied.pendingExpiring?.filter((times) => times.version === change.version) ?? [];
  if (due.length === 0) return applied;
  const waiting = applied.pendingExpiring!.filter((times) => times.version !== change.version);
  return due.reduce(applyExpiring, { ...applied, pendingExpiring: waiting.length > 0 ? waiting : undefined });
}

/**
 * Takes the next times of a counter kind to count down: the count and the oldest times as read
 * at `times.version`, brought up to this state's version by the changes applied since. Times
 * read ahead of this state wait for it; times too old to bring up to date are dropped (the page
 * asks again only if its own run out first).
 */
function applyExpiring(state: LiveState, times: ExpiringTimes): LiveState {
  const kind = times.kind ?? contributions.name;
  if (!(kind in state.counters)) return state;
  if (times.version > state.version) {
    const others = (state.pendingExpiring ?? []).filter((each) => (each.kind ?? contributions.name) !== kind);
    return { ...state, pendingExpiring: [...others, times] };
  }
  const since = state.recent.filter((change) => change.version > times.version && change.version <= state.version);
  if (since.length !== state.version - times.version) return state;
  const window = state.windows[kind]!;
  let counter: Counter = { count: times.count, expiring: times.expiring, expiringComplete: times.expiringComplete };
  for (const change of since) counter = countedBy(counter, kind, window, change);
  return { ...state, counters: { ...state.counters, [kind]: counter } };
}

/** What `change` does to the counter kind `kind`. */
function countedBy(counter: Counter, kind: string, window: number, change: VersionedChange): Counter {
  const isContributions = kind === contributions.name;
  if (change.type === 'contribution-recorded' && isContributions)
    return counted(counter, window, change.contribution.at);
  if (change.type === 'contribution-cancelled' && isContributions) return uncounted(counter, change.at, change.counted);
  if (change.type === 'event-recorded' && change.kinds.includes(kind))
    return counted(counter, window, change.member.at);
  return counter;
}

/**
 * A new member counted at `at`, the server's now: the times before its window have left the
 * count already (viewAt subtracts them), so a page open for days keeps only a window's. Oldest
 * first: only the expired front is looked at, and dropped in batches, so that a hot project's
 * page does not copy every time it holds on every change.
 */
function counted(counter: Counter, window: number, at: number): Counter {
  let expired = 0;
  while (expired < counter.expiring.length && !inWindow(counter.expiring[expired]!, window, at)) expired++;
  const dropped = expired >= EXPIRED_DROP_BATCH || expired === counter.expiring.length ? expired : 0;
  const kept = dropped > 0 ? counter.expiring.slice(dropped) : counter.expiring;
  return { ...counter, count: counter.count + 1 - dropped, expiring: counter.expiringComplete ? [...kept, at] : kept };
}

/** A member taken off (a cancellation): off the count only when it was still in the window. */
function uncounted(counter: Counter, at: number, wasCounted: boolean): Counter {
  const known = counter.expiring.indexOf(at);
  return {
    ...counter,
    count: counter.count - (wasCounted ? 1 : 0),
    expiring: wasCounted && known >= 0 ? counter.expiring.toSpliced(known, 1) : counter.expiring,
  };
}

/** Every counter kind, after `change`. */
function countersAfter(state: LiveState, change: VersionedChange): Record<string, Counter> {
  const next: Record<string, Counter> = {};
  for (const [kind, counter] of Object.entries(state.counters))
    next[kind] = countedBy(counter, kind, state.windows[kind]!, change);
  return next;
}

const limitOf = (state: LiveState, name: string) => state.kinds.find((kind) => kind.name === name)?.snapshotLimit ?? 0;
const listed = (state: LiveState, name: string, member: Member) =>
  [member, ...(state.lists[name] ?? [])].slice(0, limitOf(state, name));
const unlisted = (state: LiveState, name: string, id: string) =>
  (state.lists[name] ?? []).filter((item) => item.id !== id);

function applyVersioned(state: LiveState, change: VersionedChange): LiveState | 'resync' {
  switch (change.type) {
    case 'contribution-recorded':
      return {
        ...state,
        counters: countersAfter(state, change),
        raised: change.raised,
        backers: change.backers ?? state.backers,
        tiers: tiersAfter(state.tiers, change.tier),
        lists: { ...state.lists, [contributors.name]: listed(state, contributors.name, change.contribution) },
        activity: prependEntry(
          state.activity,
          change.activity ?? { ...change.contribution, seq: change.version, kind: 'contribution' },
        ),
      };
    case 'contribution-cancelled':
      return {
        ...state,
        counters: countersAfter(state, change),
        raised: change.raised,
        backers: change.backers ?? state.backers,
        tiers: tiersAfter(state.tiers, change.tier),
        lists: { ...state.lists, [contributors.name]: unlisted(state, contributors.name, change.id) },
        activity: removeEntry(state.activity, change.activitySeq),
      };
    case 'news-published':
      return {
        ...state,
        lists: { ...state.lists, [news.name]: listed(state, news.name, change.news) },
        activity: prependEntry(
          state.activity,
          change.activity ?? { ...change.news, seq: change.version, kind: 'news' },
        ),
      };
    case 'news-unpublished':
      return {
        ...state,
        lists: { ...state.lists, [news.name]: unlisted(state, news.name, change.id) },
        activity: removeEntry(state.activity, change.activitySeq),
      };
    case 'event-recorded': {
      const member = change.member as Member;
      const lists = { ...state.lists };
      for (const name of change.kinds) if (name in lists) lists[name] = listed(state, name, member);
      return { ...state, counters: countersAfter(state, change), lists };
    }
    case 'tier-holds':
      return { ...state, tiers: tiersAfter(state.tiers, change.tier) };
    case 'events-imported':
      return 'resync';
  }
}

/** Adds an older page of the activity list, read with `before` ("load more"). Not versioned. */
export function applyActivityPage(state: LiveState, before: number, page: ActivityPage): LiveState {
  const activity = appendPage(state.activity, before, page);
  return activity === state.activity ? state : { ...state, activity };
}

/** What the page shows at `now` (server clock): everything past its kind's window is gone. */
export function viewAt(state: LiveState, now: number): LiveView {
  const counts: Record<string, number> = {};
  let needsResync = false;
  for (const [kind, counter] of Object.entries(state.counters)) {
    const window = state.windows[kind]!;
    const expired = counter.expiring.filter((at) => !inWindow(at, window, now)).length;
    counts[kind] = Math.max(0, counter.count - expired);
    needsResync ||= !counter.expiringComplete && expired === counter.expiring.length && counter.count > expired;
  }
  const lists = Object.fromEntries(
    Object.entries(state.lists).map(([kind, items]) => [
      kind,
      items.filter((item) => inWindow(item.at, state.windows[kind]!, now)),
    ]),
  );
  return {
    counts,
    lists,
    contributionCount: counts[contributions.name] ?? 0,
    contributors: (lists[contributors.name] ?? []) as Contributor[],
    news: (lists[news.name] ?? []) as NewsItem[],
    visitors: state.visitors,
    raised: state.raised,
    backers: state.backers,
    tiers: tiersAt(state.tiers, now),
    activity: state.activity.items,
    hasMoreActivity: state.activity.nextCursor !== null,
    needsResync,
  };
}

/**
 * `recent` with `change` at its end. The log is shared by the states it grew through (each reads
 * it only up to its own version), so a change costs no copy of it; it is copied when trimmed, or
 * when a state it already went past is applied to again (React calls a reducer twice in dev).
 */
function remember(recent: VersionedChange[], change: VersionedChange): VersionedChange[] {
  if ((recent.at(-1)?.version ?? -Infinity) >= change.version)
    return [...recent.filter((each) => each.version < change.version), change];
  const log = recent.length >= 2 * RECENT_CHANGES ? recent.slice(-RECENT_CHANGES) : recent;
  log.push(change);
  return log;
}
