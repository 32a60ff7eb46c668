import { describe, expect, it } from 'vitest';
import { DOCUMENTS, read } from './markdown';

/** Words as `wc -w` counts them: a table's pipes and dashes count too, as a reader's eye has to cross them. */
const words = (file: string) => read(file).split(/\s+/).filter(Boolean).length;

/**
 * Each document's own budget of words: documenting a new feature can only push the page it is on
 * over, never an unrelated one. A budget rises with a reason in its commit; a new page gets one
 * here. Together they stay an afternoon's read, and a newcomer's first two (README, the tour) 20 minutes.
 */
const BUDGETS: Record<string, number> = {
  'README.md': 1_100,
  'docs/tour.md': 1_000,
  'docs/architecture.md': 1_500,
  'docs/live-events.md': 2_200,
  'docs/adding-a-kind.md': 700,
  'docs/leaderboard.md': 1_500,
  'docs/event-folding.md': 900,
  'docs/timelines.md': 750,
  'docs/feed.md': 1_200,
  'docs/api.md': 1_500,
  'docs/configuration.md': 1_700,
  'docs/operations.md': 2_000,
  'docs/reliability.md': 2_400,
  'docs/testing.md': 1_400,
  // The latest measured figures, rewritten by `npm run bench` and `npm run chaos`.
  'docs/benchmarks.md': 4_500,
};

describe('the docs stay an afternoon’s read', () => {
  const documents = DOCUMENTS.filter((file) => file === 'README.md' || file.startsWith('docs/'));

  it('gives every document a budget, and only those', () => {
    expect(documents.toSorted()).toEqual(Object.keys(BUDGETS).toSorted());
  });

  it.each(documents)('%s keeps within its budget of words', (file) => {
    expect(words(file)).toBeLessThanOrEqual(BUDGETS[file]!);
  });

  it('README is at most 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
  });
});
