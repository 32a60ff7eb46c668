/**
 * Right-to-left text for the preview's renderer (Satori), which shapes an Arabic word but lays a
 * line's words out left to right. A paragraph is cut into pieces, each drawn as one text node in a
 * row that runs in the paragraph's direction (flex `row-reverse` for right to left), so lines
 * still wrap between words: a word of the paragraph's direction is a piece; a run of words in the
 * other direction is one piece, its words in their visual order; a number in right-to-left text
 * is its own left-to-right piece, as the Unicode bidi algorithm shows it. A word-level
 * approximation of that algorithm, enough for titles, names and the preview's own sentences.
 */
export type Direction = 'ltr' | 'rtl';

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
const hasLtrLetter = (text: string) => [...text].some((char) => LETTER.test(char) && !RTL_LETTER.test(char));
const DIGIT = /\p{Nd}/u;
/** Bidi controls and marks: the pieces carry the direction; drawn, they are boxes or "?". */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

type Strong = Direction | 'number' | 'neutral';
const strongOf = (word: string): Strong =>
  RTL_LETTER.test(word) ? 'rtl' : hasLtrLetter(word) ? 'ltr' : DIGIT.test(word) ? 'number' : 'neutral';

/** The direction of a text's first letter (as `dir="auto"` decides), else `fallback`. */
export function dirOf(text: string, fallback: Direction): Direction {
  for (const char of text) {
    if (RTL_LETTER.test(char)) return 'rtl';
    if (hasLtrLetter(char)) return 'ltr';
  }
  return fallback;
}

/** Whether `text` in a paragraph of `dir` needs pieces at all: left-to-right text alone draws as it is. */
export const needsPieces = (text: string, dir: Direction) => dir === 'rtl' || RTL_LETTER.test(text);

export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** A piece of a paragraph; `spaced` when a space came before it (punctuation cut off a word comes without). */
export type Piece = { text: string; spaced: boolean };

/**
 * Words, with the punctuation around a right-to-left word cut off as words of their own: drawn in
 * one piece, Satori puts "ممول:"'s colon on the wrong side. No-break spaces split too ("59.040 €").
 */
function wordsOf(text: string): Piece[] {
  return withoutBidiControls(text)
    .split(/[\s\u00A0\u202F]+/u)
    .filter(Boolean)
    .flatMap((word) => {
      const [, lead = '', core = word, trail = ''] = RTL_LETTER.test(word)
        ? (/^(\p{P}*)(.*?)(\p{P}*)$/su.exec(word) ?? [])
        : [];
      return [lead, core, trail].filter(Boolean).map((part, i) => ({ text: part, spaced: i === 0 }));
    });
}

/** The pieces of a paragraph, in reading order (the row's direction places them); see the file's note. */
export function piecesOf(text: string, dir: Direction): Piece[] {
  const words = wordsOf(text);
  const kinds = words.map(({ text: word }) => strongOf(word));
  // A neutral word takes the direction of the strong words on both sides when they agree.
  const resolved = kinds.map((kind, i): Direction => {
    if (kind === 'ltr' || kind === 'rtl') return kind;
    const before =
      kinds
        .slice(0, i)
        .reverse()
        .find((k) => k === 'ltr' || k === 'rtl') ?? dir;
    const after = kinds.slice(i + 1).find((k) => k === 'ltr' || k === 'rtl') ?? dir;
    // A number follows the letters before it (European digits after Arabic read as part of it).
    if (kind === 'number') return before;
    return before === after ? before : dir;
  });
  const pieces: Piece[] = [];
  let run: Piece[] = [];
  const flush = () => {
    if (run.length) {
      const ordered = dir === 'ltr' ? [...run].reverse() : run;
      pieces.push({
        text: ordered
          .map((word, i) => (i > 0 && (dir === 'ltr' ? ordered[i - 1]! : word).spaced ? ` ${word.text}` : word.text))
          .join(''),
        spaced: run[0]!.spaced,
      });
    }
    run = [];
  };
  words.forEach((word, i) => {
    if (resolved[i] === dir) {
      flush();
      pieces.push(word);
    } else run.push(word);
  });
  flush();
  return pieces;
}

/** At most `max` characters, cut between words with an ellipsis: for text drawn as pieces, which the renderer cannot clamp. */
export function clipWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
