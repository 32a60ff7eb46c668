import { describe, expect, it } from 'vitest';
import { appendFeedPage, applyFeedChange, entrySentence, type FeedState } from '../../../lib/feed/client-state';
import type { FeedEntry } from '../../../lib/feed/entries';

const entry = (at: number, id: string, count = 1): FeedEntry => ({
  id: `p:${id}`,
  cursor: `${String(at).padStart(13, '0')}:p:${id}`,
  kind: 'backers',
  project: { slug: 'p', title: 'Tidal Synth' },
  at,
  contributions: count,
  backers: 1,
  updated: at,
});

describe('the feed page model', () => {
  it('places a new entry by cursor, replaces a changed one in place, drops a removed one', () => {
    let state: FeedState = { entries: [entry(3, 'c'), entry(1, 'a')], nextCursor: null };
    state = applyFeedChange(state, { type: 'entry', entry: entry(2, 'b') });
    state = applyFeedChange(state, { type: 'entry', entry: entry(3, 'c', 14) });
    expect(state.entries.map((e) => e.id)).toEqual(['p:c', 'p:b', 'p:a']);
    expect(entrySentence(state.entries[0]!)).toEqual({
      key: 'backers',
      project: 'Tidal Synth',
      contributions: 14,
      backers: 1,
    });
    state = applyFeedChange(state, { type: 'removed', id: 'p:b', cursor: entry(2, 'b').cursor });
    expect(state.entries.map((e) => e.id)).toEqual(['p:c', 'p:a']);
  });

  it('shows an entry once when it was pushed live and then arrives with an older page', () => {
    const state = appendFeedPage(
      { entries: [entry(5, 'e'), entry(4, 'd')], nextCursor: entry(4, 'd').cursor },
      { entries: [entry(4, 'd'), entry(2, 'b')], nextCursor: null },
    );
    expect(state.entries.map((e) => e.id)).toEqual(['p:e', 'p:d', 'p:b']);
    expect(
      applyFeedChange(
        { entries: [entry(5, 'e')], nextCursor: entry(5, 'e').cursor },
        { type: 'entry', entry: entry(1, 'z') },
      ).entries,
    ).toHaveLength(1);
  });
});
