import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '../../../messages/ar.json';
import de from '../../../messages/de.json';
import en from '../../../messages/en.json';
import { entrySentence } from '../../../lib/feed/client-state';
import type { FeedEntry } from '../../../lib/feed/entries';

const catalogues = { en, de, ar };
const backers = (contributions: number, count: number): FeedEntry => ({
  id: 'p:b',
  cursor: '0000000000001:p:b',
  kind: 'backers',
  project: { slug: 'p', title: 'Tidal Synth' },
  at: 1,
  contributions,
  backers: count,
  updated: 1,
});

/** The feed's sentences as HomeFeed words them: the catalogue's plurals, the project's name marked. */
function say(locale: keyof typeof catalogues, entry: FeedEntry): string {
  const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'Feed.entry' });
  const sentence = entrySentence(entry);
  const project = () => `[${sentence.project}]`;
  if (sentence.key !== 'backers') throw new Error('backers only');
  return t.markup('backers', { project, contributions: sentence.contributions, backers: sentence.backers });
}

describe('a backers entry in the feed', () => {
  it('says its counts with each locale’s plural forms', () => {
    expect(say('en', backers(14, 1))).toBe('[Tidal Synth]: 14 contributions from 1 backer');
    expect(say('en', backers(1, 2))).toBe('[Tidal Synth]: 1 contribution from 2 backers');
    expect(say('de', backers(1, 1))).toBe('[Tidal Synth]: ein Beitrag von einem Unterstützer');
    expect(say('de', backers(14, 3))).toBe('[Tidal Synth]: 14 Beiträge von 3 Unterstützern');
    const arabic = [1, 2, 3, 11, 100].map((n) => say('ar', backers(n, n)));
    expect(new Set(arabic).size).toBe(5);
    expect(arabic[1]).toBe('[Tidal Synth]: مساهمتان من داعمَين');
  });
});
