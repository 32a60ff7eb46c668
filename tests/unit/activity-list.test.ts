import { describe, expect, it } from 'vitest';
import { appendPage, listFromPage, MAX_SHOWN, prependEntry, removeEntry } from '../../lib/live-events/activity-list';
import { applyActivityPage, applyChange, stateFromSnapshot } from '../../lib/live-events/client-state';
import type { ActivityEntry, LiveSnapshot } from '../../lib/live-events/types';
import { DEFAULT_WINDOWS } from '../../lib/live-events/windows';

const NOW = 1_800_000_000_000;
const entry = (seq: number): ActivityEntry => ({
  seq,
  kind: 'contribution',
  id: `c${seq}`,
  name: `Backer ${seq}`,
  amount: 5,
  at: NOW - 1_000 * (100 - seq),
});
/** Entries `from` down to `to`, newest first, as the server pages them. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => entry(from - i));
const seqs = (items: ActivityEntry[]) => items.map((item) => item.seq);

describe('the activity feed a page holds', () => {
  it('prepends live entries once and appends older pages by cursor', () => {
    let feed = listFromPage({ items: range(30, 21), nextCursor: 21 });
    feed = prependEntry(feed, entry(31));
    feed = prependEntry(feed, entry(31));
    feed = appendPage(feed, 21, { items: range(20, 11), nextCursor: 11 });
    expect(seqs(feed.items)).toEqual(seqs(range(31, 11)));
    expect(feed.nextCursor).toBe(11);
    feed = appendPage(feed, 11, { items: range(10, 1), nextCursor: null });
    expect(seqs(feed.items)).toEqual(seqs(range(31, 1)));
    expect(feed.nextCursor).toBeNull();
  });

  it('drops a page that no longer fits where the feed ends (appended already, or a resync replaced the feed)', () => {
    const feed = appendPage(listFromPage({ items: range(30, 21), nextCursor: 21 }), 21, {
      items: range(20, 11),
      nextCursor: 11,
    });
    expect(appendPage(feed, 21, { items: range(20, 11), nextCursor: 11 })).toBe(feed);
    const resynced = listFromPage({ items: range(60, 51), nextCursor: 51 });
    expect(appendPage(resynced, 21, { items: range(20, 11), nextCursor: 11 })).toBe(resynced);
  });

  it('keeps an entry removed while its page was on the way from coming back', () => {
    let feed = listFromPage({ items: range(30, 21), nextCursor: 21 });
    feed = removeEntry(feed, 15);
    feed = removeEntry(feed, 25);
    feed = appendPage(feed, 21, { items: range(20, 11), nextCursor: 11 });
    expect(seqs(feed.items)).not.toContain(15);
    expect(seqs(feed.items)).not.toContain(25);
    expect(feed.items).toHaveLength(18);
    expect(removeEntry(feed, undefined)).toBe(feed);
  });

  it(`shows at most ${MAX_SHOWN} entries; the dropped ones can be loaded again`, () => {
    let feed = listFromPage({ items: range(MAX_SHOWN, 1), nextCursor: null });
    feed = prependEntry(feed, entry(MAX_SHOWN + 1));
    expect(feed.items).toHaveLength(MAX_SHOWN);
    expect(feed.nextCursor).toBe(2);
  });

  it('goes through the versioned changes of the live state, and a resync starts again from the head', () => {
    const snapshot: LiveSnapshot = {
      slug: 'p',
      serverTime: NOW,
      windows: DEFAULT_WINDOWS,
      version: 3,
      raised: 0,
      goal: 1_000,
      endsAt: null,
      ended: false,
      outcome: null,
      tiers: [],
      contributions: { count: 0, expiring: [], expiringComplete: true },
      contributors: [],
      news: [],
      visitors: { count: 0 },
      activity: { items: range(30, 21), nextCursor: 21 },
    };
    let state = stateFromSnapshot(snapshot, NOW);
    const news = { id: 'n31', title: 'Shipped', url: 'https://example.org/', at: NOW };
    const next = applyChange(state, {
      type: 'news-published',
      slug: 'p',
      version: 4,
      news,
      activity: { seq: 31, kind: 'news', ...news },
    });
    if (next === 'resync') throw new Error('unexpected resync');
    state = applyActivityPage(next, 21, { items: range(20, 11), nextCursor: 11 });
    expect(seqs(state.activity.items)).toEqual(seqs(range(31, 11)));
    const unpublished = applyChange(state, {
      type: 'news-unpublished',
      slug: 'p',
      version: 5,
      id: 'n31',
      activitySeq: 31,
    });
    if (unpublished === 'resync') throw new Error('unexpected resync');
    expect(seqs(unpublished.activity.items)).toEqual(seqs(range(30, 11)));
    expect(stateFromSnapshot(snapshot, NOW).activity.items).toHaveLength(10);
  });
});
