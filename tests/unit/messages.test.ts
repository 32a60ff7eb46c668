import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import ar from '../../messages/ar.json';
import de from '../../messages/de.json';
import en from '../../messages/en.json';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const valueAt = (tree: Tree, key: string) =>
  key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;

/** English is the reference (its keys are typed: types/next-intl.d.ts); German is complete, Arabic complete enough for right to left. */
describe('the message catalogues', () => {
  it('say every English message in German and Arabic, each a valid ICU message', () => {
    for (const [locale, catalogue] of [
      ['de', de],
      ['ar', ar],
    ] as const) {
      expect(keysOf(catalogue).sort(), locale).toEqual(keysOf(en).sort());
      for (const key of keysOf(catalogue))
        expect(() => new IntlMessageFormat(valueAt(catalogue, key), locale), `${locale} ${key}`).not.toThrow();
    }
  });

  it('give Arabic its own plural forms (one, two, few, many) where a count is said', () => {
    const backers = new IntlMessageFormat(ar.Funding.backers, 'ar');
    expect(new Set([1, 2, 3, 11].map((count) => backers.format({ count }))).size).toBe(4);
  });
});
