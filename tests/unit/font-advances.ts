/**
 * A TrueType font's advance widths (`cmap` to glyph, `hmtx` to advance, `head` for its units), to
 * lay text out by numbers as the preview's renderer does (Satori sums its glyphs' advances).
 */
export function advanceWidths(font: Buffer): (codePoint: number) => number | undefined {
  const tables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(4); i++)
    tables.set(font.toString('latin1', 12 + i * 16, 16 + i * 16), font.readUInt32BE(20 + i * 16));
  const unitsPerEm = font.readUInt16BE(tables.get('head')! + 18);
  const metrics = font.readUInt16BE(tables.get('hhea')! + 34);
  const hmtx = tables.get('hmtx')!;
  const cmap = tables.get('cmap')!;
  const subtables = Array.from(
    { length: font.readUInt16BE(cmap + 2) },
    (_, i) => cmap + font.readUInt32BE(cmap + 8 + i * 8),
  );
  const glyph = (cp: number): number => {
    for (const at of subtables) {
      if (font.readUInt16BE(at) === 12) {
        for (let g = 0; g < font.readUInt32BE(at + 12); g++) {
          const group = at + 16 + g * 12;
          if (font.readUInt32BE(group) <= cp && cp <= font.readUInt32BE(group + 4))
            return font.readUInt32BE(group + 8) + cp - font.readUInt32BE(group);
        }
      } else if (font.readUInt16BE(at) === 4 && cp <= 0xffff) {
        const segments = font.readUInt16BE(at + 6) / 2;
        const ends = at + 14;
        const starts = ends + segments * 2 + 2;
        const deltas = starts + segments * 2;
        const offsets = deltas + segments * 2;
        for (let s = 0; s < segments; s++) {
          if (cp > font.readUInt16BE(ends + s * 2) || cp < font.readUInt16BE(starts + s * 2)) continue;
          const delta = font.readUInt16BE(deltas + s * 2);
          const offset = font.readUInt16BE(offsets + s * 2);
          if (offset === 0) return (cp + delta) & 0xffff;
          const id = font.readUInt16BE(offsets + s * 2 + offset + 2 * (cp - font.readUInt16BE(starts + s * 2)));
          return id === 0 ? 0 : (id + delta) & 0xffff;
        }
      }
    }
    return 0;
  };
  return (cp) => {
    const id = glyph(cp);
    if (id === 0) return undefined;
    return font.readUInt16BE(hmtx + 4 * Math.min(id, metrics - 1)) / unitsPerEm;
  };
}
