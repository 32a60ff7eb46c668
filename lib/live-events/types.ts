import type { Windows } from './windows';

/** Times (`at`) are milliseconds since the epoch on the server's clock. */
export type Contributor = { id: string; name: string; amount: number; at: number };
export type NewsItem = { id: string; title: string; url: string; at: number };

export type LiveSnapshot = {
  slug: string;
  /** The server's clock when the snapshot was read: clients expire items against it. */
  serverTime: number;
  windows: Windows;
  raised: number;
  contributions: {
    count: number;
    /** The oldest contribution times, ascending, so a client can count down as they expire. */
    expiring: number[];
    /** False when `expiring` was cut short: once it is used up the client fetches again. */
    expiringComplete: boolean;
  };
  contributors: Contributor[];
  news: NewsItem[];
  visitors: { count: number };
};

/** What a live-event script publishes on the live-events channel (built in Lua with cjson). */
export type LiveChange =
  | { type: 'contribution-recorded'; slug: string; contribution: Contributor; count: number; raised: number }
  | { type: 'contribution-cancelled'; slug: string; id: string; count: number; raised: number }
  | { type: 'news-published'; slug: string; news: NewsItem }
  | { type: 'news-unpublished'; slug: string; id: string }
  | { type: 'visitors-changed'; slug: string; count: number }
  | { type: 'events-imported'; slug: string };
