import type { Advances } from '../fonts/metrics.js';
import type { TextRun } from './layout.js';
import { fillOutline, type Mask, type Outline } from './outline.js';

/**
 * Text on a card, set from glyphs filled once a process. A city's own bands (its city line, a
 * headline naming it) differ from the last city's by a few words: drawing each through resvg
 * cost a pass of the renderer (its SVG parse, its font loading, every pixel of the band) per city,
 * most of a cold build of 1,000 cities. Here each glyph is filled once (outline.ts) per face, size
 * and position within a pixel (a quarter of a pixel across; a line's baseline is set on a whole
 * pixel, which moves the line half a pixel at most and lets its lines share glyphs) into a mask
 * of its coverage; a line is then those masks added up at the pen positions the layout measured
 * (advance widths, no kerning: `measure` in text.ts), and painted onto the band in its colour.
 */

/** Positions a pixel is divided into, across: a glyph is drawn at most 1/8 px from where the layout puts it along its line. */
export const STEPS = 4;

/** The glyphs of one font file, by character. */
export interface FaceGlyphs {
  family: string;
  weight: 400 | 700;
  advances: Advances;
  /** The outline of the glyph the font maps a character to (`.notdef`'s for one it lacks). */
  outline(char: number): Outline;
}

/** Masks by face, size, step and character (Placed.key); null for a glyph that draws nothing. */
const masks = new Map<string, Mask | null>();
/** About 2,000 masks serve a brand's 1,000 cities; this many is a few tens of MB at most. */
let MAX_MASKS = 20_000;

/** Sets how many masks the store holds before it is emptied, and empties it: for tests of a full store. */
export function glyphStoreLimit(max: number): void {
  MAX_MASKS = max;
  masks.clear();
}

/** How many glyphs this thread has filled (the tests count). */
let filledCount = 0;
export function glyphsFilled(): number {
  return filledCount;
}

/** One glyph of a line: its face, size, the whole pixel of its pen position (on the baseline) and the step across within it. */
interface Placed {
  key: string;
  face: FaceGlyphs;
  size: number;
  char: number;
  x: number;
  y: number;
  sx: number;
}

/** A pen position (pixels) as a whole pixel and a step within it (0 to STEPS - 1). */
function quantize(v: number): [whole: number, step: number] {
  const q = Math.round(v * STEPS);
  const whole = Math.floor(q / STEPS);
  return [whole, q - whole * STEPS];
}

/** Characters no glyph is drawn for: white space and controls (resvg draws none for them either). */
const inkless = (c: number) =>
  c <= 0x20 || (c >= 0x7f && c <= 0xa0) || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;

/** The glyphs of a line, at the positions `measure` gives: each advance in whole font units, summed, then scaled. */
function place(run: TextRun, face: FaceGlyphs): Placed[] {
  const out: Placed[] = [];
  const scale = run.size / face.advances.unitsPerEm;
  const y = Math.round(run.baseline);
  let units = 0;
  for (const ch of run.text) {
    const char = ch.codePointAt(0)!;
    if (!inkless(char)) {
      const [x, sx] = quantize(run.x + units * scale);
      out.push({ key: `${face.family}|${face.weight}|${run.size}|${sx}|${char}`, face, size: run.size, char, x, y, sx });
    }
    units += face.advances.of(char);
  }
  return out;
}

/**
 * The card rows a line's ink takes (top, end excluded), from the masks of its glyphs (filled now
 * when this thread has none yet); undefined for a line with no ink. What draw.ts splits a band by.
 */
export function inkRows(run: TextRun, face: FaceGlyphs): [number, number] | undefined {
  let top = Infinity;
  let bottom = -Infinity;
  for (const g of place(run, face)) {
    if (!masks.has(g.key)) {
      if (masks.size >= MAX_MASKS) masks.clear();
      fill(g);
    }
    const m = masks.get(g.key);
    if (!m) continue;
    top = Math.min(top, g.y + m.top);
    bottom = Math.max(bottom, g.y + m.top + m.height);
  }
  return top < bottom ? [top, bottom] : undefined;
}

/** A surface to paint text on: rows of RGB pixels, each after a filter byte, as a PNG's rows are stored (png.ts). */
export interface Rows {
  raw: Uint8Array;
  width: number;
  rows: number;
  /** The card row the first row is. */
  top: number;
}

/** What painting changed: the byte ranges of `raw` (start, end, start, end...), and the change of its Adler-32 (png.ts adlerChange). */
export interface Painted {
  spans: number[];
  added: number;
  weighted: number;
}

/** Coverage of a band's pixels, kept zeroed between bands (each painting clears what it covered). */
let cover = new Uint8ClampedArray(0);

/**
 * Paints `runs` onto `target` (glyphs outside its rows are cut off), filling the glyphs this
 * thread has no mask of yet. Lines of one colour add their coverage up before the colour is laid
 * on, so glyphs whose edges share a pixel cover it as one shape does (resvg fills a line as one
 * path).
 */
export function paintText(target: Rows, runs: readonly TextRun[], faceOf: (run: TextRun) => FaceGlyphs): Painted {
  const painted: Painted = { spans: [], added: 0, weighted: 0 };
  if (runs.length === 0) return painted;
  const lines = runs.map((run) => ({ run, glyphs: place(run, faceOf(run)) }));
  // Room for every glyph of these lines first: emptying the store half-way through them would drop
  // masks they need, and a card would be written with letters missing (found in review).
  const missing = new Set(lines.flatMap((l) => l.glyphs.filter((g) => !masks.has(g.key)).map((g) => g.key)));
  if (masks.size + missing.size > MAX_MASKS) masks.clear();
  for (const line of lines) for (const g of line.glyphs) if (!masks.has(g.key)) fill(g);
  const { width, rows, raw } = target;
  const stride = width * 3 + 1;
  if (cover.length < width * rows) cover = new Uint8ClampedArray(width * rows);
  const from = new Int32Array(rows);
  const to = new Int32Array(rows);
  for (const fill of new Set(runs.map((r) => r.fill))) {
    from.fill(width);
    to.fill(0);
    for (const line of lines) {
      if (line.run.fill !== fill) continue;
      for (const g of line.glyphs) {
        const m = masks.get(g.key);
        if (!m) continue;
        const x0 = g.x + m.left;
        const cx0 = Math.max(0, -x0);
        const cx1 = Math.min(m.width, width - x0);
        if (cx0 >= cx1) continue;
        for (let my = 0; my < m.height; my++) {
          const r = g.y + m.top + my - target.top;
          if (r < 0 || r >= rows) continue;
          const at = r * width + x0;
          const src = my * m.width;
          for (let mx = cx0; mx < cx1; mx++) cover[at + mx] = cover[at + mx]! + m.alpha[src + mx]!;
          if (x0 + cx0 < from[r]!) from[r] = x0 + cx0;
          if (x0 + cx1 > to[r]!) to[r] = x0 + cx1;
        }
      }
    }
    const [red, green, blue, opacity] = colourOf(fill);
    // The colour a coverage gives over the commonest background (the band's first pixel, the brand
    // colour behind the text), and what it changes of the Adler-32, looked up; others computed.
    const [br, bg, bb] = [raw[1]!, raw[2]!, raw[3]!];
    const blend = (from: number, to: number, k: number) => blendChannel(from, to, k, opacity);
    const lut = new Int32Array(256 * 5);
    for (let k = 0; k < 256; k++) {
      const r1 = blend(br, red, k);
      const g1 = blend(bg, green, k);
      const b1 = blend(bb, blue, k);
      lut[k * 5] = r1;
      lut[k * 5 + 1] = g1;
      lut[k * 5 + 2] = b1;
      lut[k * 5 + 3] = r1 - br + g1 - bg + b1 - bb;
      lut[k * 5 + 4] = g1 - bg + 2 * (b1 - bb);
    }
    for (let r = 0; r < rows; r++) if (from[r]! < to[r]!) painted.spans.push(r * stride + 1 + from[r]! * 3, r * stride + 1 + to[r]! * 3);
    // The colour laid on where the glyphs cover, row by row over the span the glyphs took (each
    // pixel once; the coverage is cleared behind), and the Adler-32's change: each byte's change,
    // and the change times the bytes from it to the end of the rows (raw.length - offset).
    const length = raw.length;
    for (let r = 0; r < rows; r++) {
      if (from[r]! >= to[r]!) continue;
      let added = 0;
      let weighted = 0;
      const end = r * width + to[r]!;
      for (let c = r * width + from[r]!, d = r * stride + 1 + from[r]! * 3; c < end; c++, d += 3) {
        const k = cover[c]!;
        if (k === 0) continue;
        let sum: number;
        let shift: number;
        const r0 = raw[d]!;
        const g0 = raw[d + 1]!;
        const b0 = raw[d + 2]!;
        if (r0 === br && g0 === bg && b0 === bb) {
          const at = k * 5;
          raw[d] = lut[at]!;
          raw[d + 1] = lut[at + 1]!;
          raw[d + 2] = lut[at + 2]!;
          sum = lut[at + 3]!;
          shift = lut[at + 4]!;
        } else {
          const r1 = blend(r0, red, k);
          const g1 = blend(g0, green, k);
          const b1 = blend(b0, blue, k);
          raw[d] = r1;
          raw[d + 1] = g1;
          raw[d + 2] = b1;
          sum = r1 - r0 + g1 - g0 + b1 - b0;
          shift = g1 - g0 + 2 * (b1 - b0);
        }
        added += sum;
        weighted += (length - d) * sum - shift;
      }
      cover.fill(0, r * width + from[r]!, end);
      painted.added = (painted.added + added) % 65521;
      painted.weighted = (painted.weighted + (weighted % 65521)) % 65521;
    }
  }
  return painted;
}

/** A channel `from` with `to` laid over it at coverage `k` (0-255) and `opacity` (0-1): how text and shapes are painted. */
export const blendChannel = (from: number, to: number, k: number, opacity: number): number => Math.round(from + ((to - from) * k * opacity) / 255);

/** `#rrggbb` or `rgba(r,g,b,a)` as its channels and opacity (0-1). */
export function colourOf(fill: string): [number, number, number, number] {
  const rgba = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([\d.]+)\s*\)$/.exec(fill);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), Math.min(1, Number(rgba[4]))];
  const hex = /^#([0-9a-f]{6})$/i.exec(fill);
  if (!hex) throw new Error(`a card colour the text painter does not read: ${fill}`);
  const v = parseInt(hex[1]!, 16);
  return [v >>> 16, (v >>> 8) & 0xff, v & 0xff, 1];
}

/** The glyph's mask, filled now. */
function fill(g: Placed): void {
  masks.set(g.key, fillOutline(g.face.outline(g.char), g.size / g.face.advances.unitsPerEm, g.sx / STEPS, 0));
  filledCount++;
}

/** Drops the masks, as a new process starts: for tests. */
export function forgetGlyphs(): void {
  masks.clear();
}
