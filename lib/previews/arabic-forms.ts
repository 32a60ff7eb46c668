/**
 * Arabic words as the preview's renderer (Satori) measures and draws them alike: each letter
 * replaced by its contextual form from Unicode's presentation forms (isolated, final, initial,
 * medial; lam-alef as one ligature), in visual order (right to left, so reversed). Satori measures
 * a word of plain Arabic letters in their isolated forms but draws them joined, narrower: its
 * boxes were wider than their words (uneven gaps) and a line's place was reckoned from the wrong
 * widths (the first letters cut at the panel's edge). Presentation forms need no shaping, so the
 * width measured is the width drawn. Noto Sans Arabic has a glyph for each.
 */

/** Letter → its isolated form and how many forms it has: 1 joins nothing, 2 joins only the letter before (right), 4 both sides. */
const FORMS: Record<number, [isolated: number, count: 1 | 2 | 4]> = {
  0x0621: [0xfe80, 1],
  0x0622: [0xfe81, 2],
  0x0623: [0xfe83, 2],
  0x0624: [0xfe85, 2],
  0x0625: [0xfe87, 2],
  0x0626: [0xfe89, 4],
  0x0627: [0xfe8d, 2],
  0x0628: [0xfe8f, 4],
  0x0629: [0xfe93, 2],
  0x062a: [0xfe95, 4],
  0x062b: [0xfe99, 4],
  0x062c: [0xfe9d, 4],
  0x062d: [0xfea1, 4],
  0x062e: [0xfea5, 4],
  0x062f: [0xfea9, 2],
  0x0630: [0xfeab, 2],
  0x0631: [0xfead, 2],
  0x0632: [0xfeaf, 2],
  0x0633: [0xfeb1, 4],
  0x0634: [0xfeb5, 4],
  0x0635: [0xfeb9, 4],
  0x0636: [0xfebd, 4],
  0x0637: [0xfec1, 4],
  0x0638: [0xfec5, 4],
  0x0639: [0xfec9, 4],
  0x063a: [0xfecd, 4],
  0x0641: [0xfed1, 4],
  0x0642: [0xfed5, 4],
  0x0643: [0xfed9, 4],
  0x0644: [0xfedd, 4],
  0x0645: [0xfee1, 4],
  0x0646: [0xfee5, 4],
  0x0647: [0xfee9, 4],
  0x0648: [0xfeed, 2],
  0x0649: [0xfeef, 2],
  0x064a: [0xfef1, 4],
};
const TATWEEL = 0x0640;
const LAM = 0x0644;
/** Lam followed by one of these alefs is one ligature: its isolated form (the final is the next code point). */
const LAM_ALEF: Record<number, number> = { 0x0622: 0xfef5, 0x0623: 0xfef7, 0x0625: 0xfef9, 0x0627: 0xfefb };
/** Harakat and other marks: they sit on a letter and do not break its joining. */
const MARK = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/u;

const joinsBefore = (cp: number | undefined) => cp === TATWEEL || (cp !== undefined && (FORMS[cp]?.[1] ?? 1) > 1);
const joinsAfter = (cp: number | undefined) => cp === TATWEEL || (cp !== undefined && FORMS[cp]?.[1] === 4);

/** `word` in presentation forms, in logical order. */
export function presentationForms(word: string): string {
  const chars = [...word];
  const letters = chars
    .map((char, i) => ({ cp: char.codePointAt(0)!, i }))
    .filter(({ cp }) => !MARK.test(String.fromCodePoint(cp)));
  const out = [...chars];
  for (let k = 0; k < letters.length; k++) {
    const { cp, i } = letters[k]!;
    const before = letters[k - 1]?.cp;
    const after = letters[k + 1]?.cp;
    const joinedBefore = joinsAfter(before) && joinsBefore(cp);
    if (cp === LAM && after !== undefined && LAM_ALEF[after] !== undefined) {
      out[i] = String.fromCodePoint(LAM_ALEF[after]! + (joinedBefore ? 1 : 0));
      out[letters[k + 1]!.i] = '';
      k++;
      continue;
    }
    const forms = FORMS[cp];
    if (!forms) continue;
    const joinedAfter = joinsAfter(cp) && joinsBefore(after);
    const offset = joinedBefore ? (joinedAfter ? 3 : 1) : joinedAfter ? 2 : 0;
    out[i] = String.fromCodePoint(forms[0] + (forms[1] === 1 ? 0 : offset));
  }
  return out.join('');
}

const ARABIC_LETTER = /[\u0621-\u064A]/u;

/** Each Arabic word of `text` (a piece: its words already in visual order) in presentation forms and drawn right to left. */
export function visualArabic(text: string): string {
  return text
    .split(' ')
    .map((word) => (ARABIC_LETTER.test(word) ? [...presentationForms(word)].reverse().join('') : word))
    .join(' ');
}
