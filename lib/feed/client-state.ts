import type { FeedEntry } from './entries';
import type { FeedChange } from './schemas';

/** The feed as a page holds it: entries newest first (by cursor), and where "load more" goes on. */
export type FeedState = { entries: FeedEntry[]; nextCursor: string | null };

const newestFirst = (a: FeedEntry, b: FeedEntry) => (a.cursor < b.cursor ? 1 : a.cursor > b.cursor ? -1 : 0);

/** A pushed change: a new entry takes its place by cursor, a changed one replaces itself, a removed one goes. */
export function applyFeedChange(state: FeedState, change: FeedChange): FeedState {
  const others = state.entries.filter((entry) => entry.id !== (change.type === 'entry' ? change.entry.id : change.id));
  if (change.type === 'removed') return { ...state, entries: others };
  // Older than everything loaded while more pages remain: it arrives with its page, not twice.
  if (state.nextCursor !== null && change.entry.cursor < state.nextCursor) return state;
  return { ...state, entries: [...others, change.entry].sort(newestFirst) };
}

/** An older page appended below; an entry already shown (pushed live meanwhile) is kept once. */
export function appendFeedPage(state: FeedState, page: FeedState): FeedState {
  const shown = new Set(state.entries.map((entry) => entry.id));
  return {
    entries: [...state.entries, ...page.entries.filter((entry) => !shown.has(entry.id))].sort(newestFirst),
    nextCursor: page.nextCursor,
  };
}

/**
 * What the page says for an entry, as data: which sentence (the catalogue's `Feed.entry.<key>`)
 * and what goes in it. The page words it in its own locale, with its plurals and names.
 */
export type EntrySentence =
  | { key: 'news'; project: string; headline: string }
  | { key: 'funded' | 'notFunded' | 'firstBacker' | 'goalReached'; project: string }
  | { key: 'backers'; project: string; contributions: number; backers: number }
  | { key: 'milestone'; project: string; percent: number };

/** A backers entry carries the counts its project's page showed when it was last updated. */
export function entrySentence(entry: FeedEntry): EntrySentence {
  const project = entry.project.title;
  if (entry.kind === 'news') return { key: 'news', project, headline: entry.news.title };
  if (entry.kind === 'ended') return { key: entry.funded ? 'funded' : 'notFunded', project };
  if (entry.kind === 'backers')
    return { key: 'backers', project, contributions: entry.contributions, backers: entry.backers };
  if (entry.milestone === 'first-backer') return { key: 'firstBacker', project };
  if (entry.milestone === '100') return { key: 'goalReached', project };
  return { key: 'milestone', project, percent: Number(entry.milestone) };
}
