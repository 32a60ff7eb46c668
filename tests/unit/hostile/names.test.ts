import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_EVENTS } from '../../../lib/live-events/limits';
import { contributionInputSchema, importInputSchema, newsInputSchema } from '../../../lib/live-events/schemas';
import { submitInputSchema } from '../../../lib/quiz/schemas';

// Blank-looking letters and symbols: the Hangul fillers (U+3164, U+115F, U+1160, U+FFA0) and the blank Braille pattern (U+2800).
const blankLooking = ['\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u3164\u2800 \uFFA0', '\u115F\u1160'];
const refused = [
  '\u200b',
  '\u200b\u200c\u200d',
  'evil\u202Egnp.exe',
  '\u2066name\u2069',
  'a\u00adb',
  ' \u3000 ',
  '\ufeff',
  ...blankLooking,
];
const accepted = ['Ada', 'Zoë', '李雷', 'محمد', '👍', 'O’Brien', 'x', '김민준', '\u2800Ada', '⠓⠑⠇⠇⠕'];

describe('names with format characters or nothing visible are refused', () => {
  it.each(refused)('refuses %j everywhere a name is taken', (name) => {
    expect(contributionInputSchema.safeParse({ name, amount: 5 }).success).toBe(false);
    expect(submitInputSchema.safeParse({ name }).success).toBe(false);
    expect(newsInputSchema.safeParse({ title: name, url: 'https://example.com' }).success).toBe(false);
  });

  it.each(accepted)('accepts %j', (name) => {
    expect(contributionInputSchema.safeParse({ name, amount: 5 }).success).toBe(true);
    expect(submitInputSchema.safeParse({ name }).success).toBe(true);
  });
});

/** docs/api.md, "Input bounds and errors": "Names are 1–40 characters of any script (1–20 on the leaderboard; titles 1–140), trimmed …" */
describe('the bounds of every input docs/api.md states', () => {
  const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
    schema.safeParse(value).success;
  const contribution = (fields: object) => accepts(contributionInputSchema, { name: 'Ada', amount: 5, ...fields });
  const news = (fields: object) => accepts(newsInputSchema, { title: 'Hello', url: 'https://example.com/', ...fields });

  it('names 1–40 characters of any script (counted as characters, not bytes), trimmed; 1–20 on the leaderboard; titles 1–140', () => {
    expect([contribution({ name: '김'.repeat(40) }), contribution({ name: '김'.repeat(41) })]).toEqual([true, false]);
    expect([contribution({ name: `  ${'a'.repeat(40)}  ` }), contribution({ name: '' })]).toEqual([true, false]);
    expect(contributionInputSchema.parse({ name: '  Ada  ', amount: 5 }).name).toBe('Ada');
    expect([
      accepts(submitInputSchema, { name: 'ب'.repeat(20) }),
      accepts(submitInputSchema, { name: 'ب'.repeat(21) }),
    ]).toEqual([true, false]);
    expect([news({ title: 'x'.repeat(140) }), news({ title: 'x'.repeat(141) })]).toEqual([true, false]);
  });

  it('amounts are whole euros from 1 to 1,000,000', () => {
    expect([1, 1_000_000].map((amount) => contribution({ amount }))).toEqual([true, true]);
    expect([0, -1, 1_000_001, 2.5, '5', Number.NaN, Infinity].map((amount) => contribution({ amount }))).toEqual(
      Array(7).fill(false),
    );
  });

  it('URLs are http(s)', () => {
    expect(['http://example.com', 'https://example.com/a?b=c'].map((url) => news({ url }))).toEqual([true, true]);
    const refusedUrls = [
      'javascript:alert(1)',
      'ftp://example.com',
      'data:text/html,x',
      'example.com',
      '//example.com',
      'mailto:a@b.c',
    ];
    expect(refusedUrls.map((url) => news({ url }))).toEqual(refusedUrls.map(() => false));
  });

  it('an import holds at most IMPORT_MAX_EVENTS (1,000) events, and a quiz submit no field but the name', () => {
    const event = (i: number) => ({
      kind: 'contribution',
      id: `e${i}`,
      name: 'Ada',
      amount: 1,
      at: Date.now() - 1_000,
    });
    const events = (n: number) => ({ events: Array.from({ length: n }, (_, i) => event(i)) });
    expect([
      accepts(importInputSchema, events(IMPORT_MAX_EVENTS)),
      accepts(importInputSchema, events(IMPORT_MAX_EVENTS + 1)),
      accepts(importInputSchema, events(0)),
    ]).toEqual([true, false, false]);
    expect([
      accepts(submitInputSchema, { name: 'Ada', score: 10_000 }),
      accepts(submitInputSchema, { name: 'Ada', elapsedMs: 1 }),
    ]).toEqual([false, false]);
  });
});
