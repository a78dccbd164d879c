import type { SfntTables } from './sfnt.js';

/** A font's vertical metrics and average width, in font units, as a browser lays text out with them. */
export interface FontMetrics {
  unitsPerEm: number;
  /** hhea ascender, descender (negative) and line gap: what Chrome and Safari use for line boxes. */
  ascent: number;
  descent: number;
  lineGap: number;
  /** Average advance of English text (letters by frequency, and spaces): how wide a line runs. */
  xWidthAvg: number;
}

/**
 * How often each character occurs in English text (capsize's weighting, space included): the
 * width a paragraph takes depends on these far more than on rare letters or digits.
 */
const WEIGHTS: Record<string, number> = {
  a: 0.0668, b: 0.0122, c: 0.0228, d: 0.0348, e: 0.1039, f: 0.0182, g: 0.0165, h: 0.0499, i: 0.057, j: 0.0013,
  k: 0.0063, l: 0.0329, m: 0.0197, n: 0.0552, o: 0.0614, p: 0.0158, q: 0.0008, r: 0.049, s: 0.0518, t: 0.0741,
  u: 0.0226, v: 0.008, w: 0.0193, x: 0.0012, y: 0.0162, z: 0.0006, ' ': 0.1818,
};

/** Advance widths by character, from the cmap and hmtx tables. */
export interface Advances {
  unitsPerEm: number;
  /** The advance of a character in font units; the `.notdef` glyph's for a character the font lacks. */
  of(char: number): number;
}

/** The advance widths of a font; undefined when a table it needs is missing. */
export function readAdvances(tables: SfntTables): Advances | undefined {
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  if (!head || !hhea || !hmtx || !cmap) return undefined;
  const glyphOf = cmapLookup(cmap);
  if (!glyphOf) return undefined;
  const metricsCount = hhea.getUint16(34);
  const advanceOfGlyph = (g: number) => hmtx.getUint16(4 * Math.min(g, metricsCount - 1));
  const cache = new Map<number, number>();
  return {
    unitsPerEm: head.getUint16(18),
    of(char) {
      let a = cache.get(char);
      if (a === undefined) cache.set(char, (a = advanceOfGlyph(glyphOf(char))));
      return a;
    },
  };
}

/** The metrics of a font; undefined when a table it needs is missing. */
export function readMetrics(tables: SfntTables): FontMetrics | undefined {
  const hhea = tables.get('hhea');
  const advances = readAdvances(tables);
  if (!hhea || !advances) return undefined;
  let width = 0;
  for (const [char, weight] of Object.entries(WEIGHTS)) width += advances.of(char.codePointAt(0)!) * weight;
  return {
    unitsPerEm: advances.unitsPerEm,
    ascent: hhea.getInt16(4),
    descent: hhea.getInt16(6),
    lineGap: hhea.getInt16(8),
    xWidthAvg: Math.round(width),
  };
}

/** Character -> glyph id through the font's Unicode cmap subtable (format 4 or 12). */
export function cmapLookup(cmap: DataView): ((char: number) => number) | undefined {
  const count = cmap.getUint16(2);
  let best: { format: number; offset: number } | undefined;
  for (let i = 0; i < count; i++) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const offset = cmap.getUint32(8 + i * 8);
    const format = cmap.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 12 || (format === 4 && !best))) best = { format, offset };
  }
  if (!best) return undefined;
  const o = best.offset;
  if (best.format === 12) {
    const groups = cmap.getUint32(o + 12);
    return (char) => {
      for (let g = 0; g < groups; g++) {
        const at = o + 16 + g * 12;
        const start = cmap.getUint32(at);
        if (char >= start && char <= cmap.getUint32(at + 4)) return cmap.getUint32(at + 8) + (char - start);
      }
      return 0;
    };
  }
  const segments = cmap.getUint16(o + 6) / 2;
  const ends = o + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  return (char) => {
    for (let s = 0; s < segments; s++) {
      if (char > cmap.getUint16(ends + s * 2)) continue;
      const start = cmap.getUint16(starts + s * 2);
      if (char < start) return 0;
      const delta = cmap.getInt16(deltas + s * 2);
      const range = cmap.getUint16(ranges + s * 2);
      if (range === 0) return (char + delta) & 0xffff;
      const glyph = cmap.getUint16(ranges + s * 2 + range + (char - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
