/**
 * The code points a TrueType/OpenType font has glyphs for, read from its `cmap` table (formats 4
 * and 12, the Unicode ones), so a preview draws only what its shipped font covers: next/og fetches
 * any other glyph from Google Fonts at run time.
 */
export function coveredCodePoints(font: Buffer): (codePoint: number) => boolean {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) return () => false;
  const ranges: Array<[number, number]> = [];
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const at = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        if (start !== 0xffff) ranges.push([start, end]);
      }
    } else if (format === 12) {
      const groups = font.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++)
        ranges.push([font.readUInt32BE(at + 16 + g * 12), font.readUInt32BE(at + 20 + g * 12)]);
    }
  }
  return (codePoint) => ranges.some(([start, end]) => start <= codePoint && codePoint <= end);
}
