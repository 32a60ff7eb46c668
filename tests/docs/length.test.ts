import { describe, expect, it } from 'vitest';
import { DOCUMENTS, read } from './markdown';

/** Words as `wc -w` counts them: a table's pipes and dashes count too, as a reader's eye has to cross them. */
const words = (file: string) => read(file).split(/\s+/).filter(Boolean).length;

describe('the docs stay an afternoon’s read', () => {
  it("README and docs/ hold at most 18,500 words, the tour at most 1,500", () => {
    const total = DOCUMENTS.filter((file) => file === 'README.md' || file.startsWith('docs/')).reduce((sum, file) => sum + words(file), 0);
    expect(total).toBeLessThanOrEqual(18_500);
    expect(words('docs/tour.md')).toBeLessThanOrEqual(1_500);
  });
});
