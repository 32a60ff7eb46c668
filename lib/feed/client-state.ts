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

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What the page says for an entry: a backers entry with the counts its project's page showed. */
export function describeEntry(entry: FeedEntry): string {
  const title = entry.project.title;
  if (entry.kind === 'news') return `${title} posted news: ${entry.news.title}`;
  if (entry.kind === 'ended') return `${title} ended: ${entry.funded ? 'funded' : 'not funded'}`;
  if (entry.kind === 'backers')
    return `${title}: ${counted(entry.contributions, 'contribution')} from ${counted(entry.backers, 'backer')}`;
  if (entry.milestone === 'first-backer') return `${title} has its first backer`;
  if (entry.milestone === '100') return `${title} reached its goal`;
  return `${title} reached ${entry.milestone} % of its goal`;
}
