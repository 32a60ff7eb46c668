import type { Contributor, LiveChange, LiveSnapshot, NewsItem } from './types';
import type { Windows } from './windows';

/**
 * The browser's model of a project's live events. Pure functions, no React: the page keeps one
 * of these, applies pushed changes to it, and derives what to show at any moment from the
 * server's clock, so items leave when their window ends even if nothing else happens.
 */
export type LiveState = {
  slug: string;
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
};

export type LiveView = {
  contributionCount: number;
  contributors: Contributor[];
  news: NewsItem[];
  visitors: number;
  raised: number;
  /** The known contribution times ran out while older-than-known ones still count: fetch again. */
  needsResync: boolean;
};

const CONTRIBUTORS_KEPT = 20;
const NEWS_KEPT = 10;

export function stateFromSnapshot(snapshot: LiveSnapshot, browserNow: number): LiveState {
  return {
    slug: snapshot.slug,
    clockOffset: snapshot.serverTime - browserNow,
    windows: snapshot.windows,
    raised: snapshot.raised,
    contributionCount: snapshot.contributions.count,
    expiring: snapshot.contributions.expiring,
    expiringComplete: snapshot.contributions.expiringComplete,
    contributors: snapshot.contributors,
    news: snapshot.news,
    visitors: snapshot.visitors.count,
  };
}

export const serverNow = (state: LiveState, browserNow: number) => browserNow + state.clockOffset;

/** Applies a pushed change; 'resync' when it cannot be applied locally (fetch a snapshot). */
export function applyChange(state: LiveState, change: LiveChange): LiveState | 'resync' {
  switch (change.type) {
    case 'contribution-recorded': {
      const { contribution } = change;
      // Already in the snapshot (the change raced the snapshot read): counted once.
      if (state.contributors.some((known) => known.id === contribution.id)) return state;
      return {
        ...state,
        raised: change.raised,
        contributionCount: state.contributionCount + 1,
        expiring: state.expiringComplete ? [...state.expiring, contribution.at] : state.expiring,
        contributors: [contribution, ...state.contributors].slice(0, CONTRIBUTORS_KEPT),
      };
    }
    case 'news-published':
      if (state.news.some((known) => known.id === change.news.id)) return state;
      return { ...state, news: [change.news, ...state.news].slice(0, NEWS_KEPT) };
    case 'news-unpublished':
      return { ...state, news: state.news.filter((item) => item.id !== change.id) };
    case 'visitors-changed':
      return { ...state, visitors: change.count };
    case 'contribution-cancelled':
    case 'events-imported':
      return 'resync';
  }
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
    needsResync: !state.expiringComplete && expired === state.expiring.length && state.contributionCount > expired,
  };
}
