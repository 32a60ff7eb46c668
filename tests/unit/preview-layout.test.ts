import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIECE_GAP, SIZING, TEXT_WIDTH, drawnPieces, titleSizing } from '../../components/share/ProjectPreview';
import { sfntOfWoff } from '../../components/share/woff';
import { presentationForms, visualArabic } from '../../lib/previews/arabic-forms';
import { dirOf, needsPieces } from '../../lib/previews/bidi';
import { type PreviewedProject, previewTextOf } from '../../lib/previews/text';
import { advanceWidths } from './font-advances';

/**
 * The Arabic preview laid out by numbers, as Satori does: a paragraph drawn in pieces is a wrapping
 * row of boxes each as wide as its glyphs' advances. Satori draws an Arabic word joined but
 * measured it unjoined (wider, or narrower: "ممول" was cut at the panel's edge), so a piece holds
 * no plain Arabic letter, only presentation forms, which it measures as it draws them.
 */
const fonts = [
  'node_modules/next/dist/compiled/@vercel/og/Geist-Regular.ttf',
  'node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
].map((file) => advanceWidths(sfntOfWoff(readFileSync(path.join(process.cwd(), file)))));
const PLAIN_ARABIC_LETTER = /[\u0621-\u064A]/u;

/** A piece's width in pixels: each character from the first font that has it (Geist, then Noto Sans Arabic). */
function widthOf(text: string, fontSize: number): number {
  return [...text].reduce((sum, char) => {
    const advance = fonts.map((advances) => advances(char.codePointAt(0)!)).find((width) => width !== undefined);
    expect(advance, `a glyph for ${char} (U+${char.codePointAt(0)!.toString(16)})`).toBeDefined();
    return sum + advance! * fontSize;
  }, 0);
}

/** The lines a wrapping row of pieces takes in TEXT_WIDTH, each piece's gap counted wherever it lands. */
function linesOf(pieces: { text: string; spaced: boolean }[], fontSize: number): number[] {
  const gap = Math.round(fontSize * PIECE_GAP);
  const lines: number[] = [0];
  pieces.forEach((piece, i) => {
    const width = widthOf(piece.text, fontSize) + (i > 0 && piece.spaced ? gap : 0);
    if (lines.at(-1)! > 0 && lines.at(-1)! + width > TEXT_WIDTH) lines.push(0);
    lines[lines.length - 1]! += width;
  });
  return lines;
}

const NOW = Date.UTC(2026, 10, 28);
const DAY = 86_400_000;
const project = (over: Partial<PreviewedProject>): PreviewedProject => ({
  title: 'حديقة المجتمع في الحي القديم',
  creator: 'مؤسسة الحدائق المجتمعية للأحياء القديمة',
  raised: 12_345_678,
  goal: 10_000_000,
  backers: 98_765,
  endsAt: NOW - DAY,
  art: { motif: 'waves', colors: ['#0c4a6e', '#0ea5e9', '#a5f3fc'] },
  ...over,
});

describe('Arabic words in a preview', () => {
  it('take their contextual forms (initial, medial, final, isolated; lam-alef as one)', () => {
    const codes = (word: string) => [...presentationForms(word)].map((char) => char.codePointAt(0)!.toString(16));
    expect(codes('ممول')).toEqual(['fee3', 'fee4', 'feee', 'fedd']);
    expect(codes('الأصل')).toEqual(['fe8d', 'fef7', 'febb', 'fede']);
    expect(codes('لا')).toEqual(['fefb']);
    expect(codes('سلام')).toEqual(['feb3', 'fefc', 'fee1']);
    // Drawn right to left: the word's last letter first; other words as they are.
    expect(visualArabic('ممول 412')).toBe(`${[...presentationForms('ممول')].reverse().join('')} 412`);
  });

  it.each([
    ['funded', project({})],
    ['not funded', project({ raised: 9_876_543 })],
    ['open', project({ raised: 9_876_543, endsAt: NOW + 3 * DAY })],
    ['a long title', project({ title: 'مشروع إعادة تأهيل الحديقة المجتمعية الكبرى في وسط المدينة القديمة' })],
  ])('%s: every paragraph fits the panel in its lines, from widths measured as drawn', (_, facts) => {
    const text = previewTextOf(facts, NOW, 'ar');
    const titleDir = dirOf(text.title, text.dir);
    const paragraphs = [
      { line: text.title, dir: titleDir, ...titleSizing(text.title, needsPieces(text.title, titleDir)) },
      { line: text.byline, dir: text.dir, ...SIZING.byline },
      { line: text.raised, dir: text.dir, ...SIZING.raised },
      { line: text.raisedOf, dir: text.dir, ...SIZING.raisedOf },
      { line: text.status!.headline, dir: text.dir, ...SIZING[text.status!.state === 'open' ? 'open' : 'ended'] },
      ...(text.status!.date ? [{ line: text.status!.date, dir: text.dir, ...SIZING.date }] : []),
    ];
    for (const { line, dir, fontSize, lines, budget } of paragraphs) {
      const pieces = drawnPieces(line, dir, budget);
      for (const piece of pieces) expect(piece.text, line).not.toMatch(PLAIN_ARABIC_LETTER);
      const laid = linesOf(pieces, fontSize);
      expect(laid.length, `${line}: ${laid.map(Math.round).join(' / ')} px`).toBeLessThanOrEqual(lines);
      for (const width of laid) expect(width, line).toBeLessThanOrEqual(TEXT_WIDTH);
    }
  });
});
