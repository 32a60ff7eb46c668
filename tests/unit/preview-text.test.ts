import { describe, expect, it } from 'vitest';
import { clipWords, dirOf, piecesOf } from '../../lib/previews/bidi';
import { PREVIEW_LOCALES, PREVIEW_STRINGS } from '../../lib/previews/strings';
import { previewTextOf } from '../../lib/previews/text';

/** What a project's link preview says (app/projects/[slug]/opengraph-image.tsx), in each locale. */
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const art = { motif: 'waves', colors: ['#0c4a6e', '#0ea5e9', '#a5f3fc'] } as const;
const project = {
  title: 'Tidal Synth',
  creator: 'Ana',
  raised: 38_000,
  goal: 40_000,
  art: { ...art, colors: [...art.colors] as [string, string, string] },
  backers: 1_204,
};
const money = (locale: string, amount: number, currency = 'EUR') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
const day = (locale: string, at: number) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);

describe('a preview’s text', () => {
  it('names the end’s date while open, never a time left (a preview is kept by the sites it is posted on)', () => {
    const endsAt = NOW + 12 * DAY;
    const text = previewTextOf({ ...project, endsAt }, NOW);
    expect(text.status).toEqual({ state: 'open', headline: 'Ends December 10, 2026' });
    // The same an hour later: nothing in it moves with the clock.
    expect(previewTextOf({ ...project, endsAt }, NOW + 3_600_000)).toEqual(text);
    expect([text.raised, text.raisedOf, text.byline, text.percent]).toEqual([
      '€38,000',
      'raised of €40,000',
      'by Ana',
      95,
    ]);
  });

  it('says the outcome once ended: funded with its backers, or how much of the goal it reached (rounded down)', () => {
    const endsAt = NOW - DAY;
    expect(previewTextOf({ ...project, raised: 59_040, endsAt }, NOW).status).toEqual({
      state: 'funded',
      headline: 'Funded: €59,040 of €40,000 from 1,204 backers',
      date: 'Ended November 27, 2026',
    });
    expect(previewTextOf({ ...project, raised: 59_040, backers: 1, endsAt }, NOW).status?.headline).toBe(
      'Funded: €59,040 of €40,000 from 1 backer',
    );
    expect(previewTextOf({ ...project, raised: 39_999, endsAt }, NOW).status).toEqual({
      state: 'not_funded',
      headline: 'Not funded: reached 99% of €40,000',
      date: 'Ended November 27, 2026',
    });
    expect(previewTextOf({ ...project, raised: 59_040, endsAt: NOW }, NOW).status?.state).toBe('funded');
    expect(previewTextOf({ ...project, raised: 59_040, endsAt }, NOW).percent).toBe(100);
  });

  it('says nothing of an end for a project without one', () => {
    expect(previewTextOf(project, NOW).status).toBeUndefined();
  });

  it('formats money, counts, percentages and dates with Intl in its locale and the project’s currency', () => {
    const endsAt = NOW - DAY;
    for (const locale of PREVIEW_LOCALES) {
      const funded = previewTextOf({ ...project, raised: 59_040, endsAt, currency: 'JPY' }, NOW, locale);
      expect(funded.locale).toBe(locale);
      expect(funded.raised).toBe(money(locale, 59_040, 'JPY'));
      expect(funded.status?.headline).toContain(money(locale, 40_000, 'JPY'));
      expect(funded.status?.headline).toContain(new Intl.NumberFormat(locale).format(1_204));
      expect(funded.status?.date).toContain(day(locale, endsAt));
      const short = previewTextOf({ ...project, endsAt }, NOW, locale);
      expect(short.status?.headline).toContain(new Intl.NumberFormat(locale, { style: 'percent' }).format(0.95));
    }
    expect(previewTextOf({ ...project, raised: 59_040, endsAt }, NOW, 'de').status?.headline).toBe(
      `Finanziert: ${money('de', 59_040)} von ${money('de', 40_000)} durch ${new Intl.NumberFormat('de').format(1_204)} Unterstützer`,
    );
    expect(previewTextOf({ ...project, endsAt: NOW + DAY }, NOW, 'de').status?.headline).toBe(
      'Endet am 29. November 2026',
    );
  });

  it('is right to left in Arabic, with Arabic’s plural forms', () => {
    const endsAt = NOW - DAY;
    const arabic = (backers: number) => previewTextOf({ ...project, raised: 59_040, backers, endsAt }, NOW, 'ar');
    expect(arabic(1).dir).toBe('rtl');
    expect(arabic(1).status?.headline).toMatch(/داعم واحد$/);
    expect(arabic(2).status?.headline).toMatch(/داعمان$/);
    expect(arabic(5).status?.headline).toMatch(/داعمين$/);
    expect(previewTextOf(project, NOW, 'de').dir).toBe('ltr');
  });

  it('falls back to English for another locale, and to euros for a currency Intl does not know', () => {
    expect(previewTextOf(project, NOW, 'fr').locale).toBe('en');
    expect(previewTextOf(project, NOW, 'fr').raised).toBe('€38,000');
    expect(previewTextOf({ ...project, currency: 'XYZW' }, NOW).raised).toBe('€38,000');
    expect(previewTextOf({ ...project, currency: 'USD' }, NOW).raised).toBe('$38,000');
  });

  it('has every string in every locale', () => {
    const keys = Object.keys(PREVIEW_STRINGS.en).sort();
    for (const locale of PREVIEW_LOCALES) expect(Object.keys(PREVIEW_STRINGS[locale]).sort()).toEqual(keys);
  });
});

describe('right-to-left text as the renderer draws it (word-level pieces)', () => {
  const texts = (text: string, dir: 'ltr' | 'rtl') => piecesOf(text, dir).map((piece) => piece.text);

  it('keeps a paragraph’s words as pieces, a run in the other direction as one piece in visual order', () => {
    expect(texts('by ليلى حسن', 'ltr')).toEqual(['by', 'حسن ليلى']);
    expect(texts('بواسطة Ana Lima', 'rtl')).toEqual(['بواسطة', 'Ana Lima']);
    expect(texts('Tidal Synth', 'ltr')).toEqual(['Tidal', 'Synth']);
  });

  it('cuts punctuation off an Arabic word, numbers are pieces of their own, bidi marks are dropped', () => {
    expect(piecesOf('ممول: \u200F59,040\u00A0€', 'rtl')).toEqual([
      { text: 'ممول', spaced: true },
      { text: ':', spaced: false },
      { text: '59,040', spaced: true },
      { text: '€', spaced: true },
    ]);
  });

  it('draws an Arabic percentage in Intl’s order: the number, then its sign, one left-to-right piece', () => {
    // Intl writes "2‎%‎" for ar: the marks make the number and its sign one left-to-right run.
    const percent = new Intl.NumberFormat('ar', { style: 'percent' }).format(0.02);
    const headline = previewTextOf({ ...project, raised: 800, endsAt: NOW - DAY }, NOW, 'ar').status!.headline;
    expect(headline).toContain(percent);
    const pieces = texts(headline, 'rtl');
    expect(pieces.slice(pieces.indexOf('بلغ'), pieces.indexOf('من') + 1)).toEqual([
      'بلغ',
      percent.replace(/\u200E/g, ''),
      'من',
    ]);
    expect(pieces).toContain('2%');
  });

  it('takes a title’s direction from its first letter, and clips long text between words with an ellipsis', () => {
    expect([dirOf('حديقة Garden', 'ltr'), dirOf('Garden حديقة', 'rtl'), dirOf('2026', 'rtl')]).toEqual([
      'rtl',
      'ltr',
      'rtl',
    ]);
    expect(clipWords('one two three four', 12)).toBe('one two…');
    expect(clipWords('short', 12)).toBe('short');
  });
});
