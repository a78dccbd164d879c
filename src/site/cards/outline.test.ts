import { describe, expect, it } from 'vitest';
import { fillOutline, readOutlines } from './outline.js';
import { cardFonts } from './text.js';

const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0, on: true },
  { x: x0, y: y1, on: true },
  { x: x1, y: y1, on: true },
  { x: x1, y: y0, on: true },
];

describe('glyph outlines and their coverage', () => {
  it('covers a pixel by the area of it inside the outline: whole inside, half on a half-pixel edge, once where contours overlap', () => {
    // A 4 x 2 px square (y up in font units), its pen half a pixel into the first column.
    const m = fillOutline([square(0, 0, 4, 2)], 1, 0.5, 0)!;
    expect([m.left, m.top, m.height]).toEqual([0, -2, 2]);
    const row = [...m.alpha.subarray(0, m.width)];
    expect(row.slice(0, 5)).toEqual([128, 255, 255, 255, 128]);
    expect([...m.alpha.subarray(m.width, m.width + 5)]).toEqual(row.slice(0, 5));
    // Overlapping contours (as static fonts made from variable ones have) cover their overlap once.
    const two = fillOutline([square(0, 0, 4, 2), square(2, 0, 6, 2)], 1, 0.5, 0)!;
    expect([...two.alpha.subarray(0, 7)]).toEqual([128, 255, 255, 255, 255, 255, 128]);
    // A counter-wound square inside makes a hole.
    const ring = fillOutline([square(0, 0, 6, 6), square(2, 2, 4, 4).reverse()], 1, 0, 0)!;
    expect(ring.alpha[3 * ring.width + 3]).toBe(0);
    expect(ring.alpha[0]).toBe(255);
    expect(fillOutline([], 1, 0, 0)).toBeNull();
  });

  it('reads simple and composite glyphs (an accented letter is its letter and its accent), and .notdef for a character the font lacks', () => {
    const fonts = cardFonts('inter');
    const outline = readOutlines(fonts.tables[700]);
    const ink = (c: string) => [...(fillOutline(outline(c.codePointAt(0)!), 72 / fonts.bold.unitsPerEm, 0, 0)?.alpha ?? [])].reduce((n, v) => n + v, 0);
    expect(ink('n')).toBeGreaterThan(0);
    expect(ink('ñ')).toBeGreaterThan(ink('n'));
    expect(ink('Å')).toBeGreaterThan(ink('A'));
    expect(outline(' '.codePointAt(0)!)).toEqual([]);
    expect(outline(0x2603)).toEqual(outline(0xe000f)); // .notdef, both
    expect(ink('\u2603')).toBeGreaterThan(0);
  });
});
