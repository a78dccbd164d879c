import { cmapLookup } from '../fonts/metrics.js';
import type { SfntTables } from '../fonts/sfnt.js';

/**
 * Glyph outlines from a TrueType font's glyf table, and their coverage: what a card's text is
 * drawn from (glyphs.ts). Reading and filling an outline here takes tens of microseconds; having
 * resvg draw the same glyph alone costs a pass of the renderer (its font loading, its text layout)
 * per batch, more than a city's own text is worth.
 */

/** A point of an outline in font units (y up): on the curve, or a quadratic curve's control point. */
export interface OutlinePoint {
  x: number;
  y: number;
  on: boolean;
}

export type Outline = OutlinePoint[][];

/** The outline of the glyph the font maps a character to (`.notdef`'s for one it lacks: what `measure` counts). */
export function readOutlines(tables: SfntTables): (char: number) => Outline {
  const head = tables.get('head');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const cmap = tables.get('cmap');
  const glyphOf = cmap && cmapLookup(cmap);
  if (!head || !loca || !glyf || !glyphOf) throw new Error('a card font without TrueType outlines (glyf): cards cannot draw its text');
  const long = head.getInt16(50) === 1;
  const count = loca.byteLength / (long ? 4 : 2) - 1;
  const offset = (g: number) => (long ? loca.getUint32(g * 4) : loca.getUint16(g * 2) * 2);

  const glyph = (g: number, depth: number): Outline => {
    if (g >= count || depth > 8) return [];
    const at = offset(g);
    if (offset(g + 1) <= at) return [];
    const contours = glyf.getInt16(at);
    return contours >= 0 ? simple(at, contours) : composite(at, depth);
  };

  const simple = (at: number, contours: number): Outline => {
    const ends: number[] = [];
    for (let i = 0; i < contours; i++) ends.push(glyf.getUint16(at + 10 + i * 2));
    const points = contours ? ends[contours - 1]! + 1 : 0;
    let p = at + 12 + contours * 2;
    p += glyf.getUint16(p - 2); // instructions, skipped: outlines are filled unhinted, as resvg does
    const flags = new Uint8Array(points);
    for (let i = 0; i < points; ) {
      const f = glyf.getUint8(p++);
      flags[i++] = f;
      if (f & 8) for (let r = glyf.getUint8(p++); r > 0 && i < points; r--) flags[i++] = f;
    }
    const coords = (short: number, same: number) => {
      const out = new Int32Array(points);
      let v = 0;
      for (let i = 0; i < points; i++) {
        const f = flags[i]!;
        if (f & short) v += f & same ? glyf.getUint8(p++) : -glyf.getUint8(p++);
        else if (!(f & same)) (v += glyf.getInt16(p)), (p += 2);
        out[i] = v;
      }
      return out;
    };
    const xs = coords(2, 16);
    const ys = coords(4, 32);
    const outline: Outline = [];
    let start = 0;
    for (const end of ends) {
      const contour: OutlinePoint[] = [];
      for (let i = start; i <= end; i++) contour.push({ x: xs[i]!, y: ys[i]!, on: (flags[i]! & 1) === 1 });
      if (contour.length) outline.push(contour);
      start = end + 1;
    }
    return outline;
  };

  const composite = (at: number, depth: number): Outline => {
    const outline: Outline = [];
    let p = at + 10;
    for (let more = true; more; ) {
      const flags = glyf.getUint16(p);
      const component = glyf.getUint16(p + 2);
      p += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) (dx = glyf.getInt16(p)), (dy = glyf.getInt16(p + 2)), (p += 4);
      else (dx = glyf.getInt8(p)), (dy = glyf.getInt8(p + 1)), (p += 2);
      // Placed by matching points (ARGS_ARE_XY_VALUES unset): no Latin font does; placed at its origin.
      if (!(flags & 2)) dx = dy = 0;
      const f2 = (o: number) => glyf.getInt16(o) / 16384;
      let [a, b, c, d] = [1, 0, 0, 1];
      if (flags & 8) (a = d = f2(p)), (p += 2);
      else if (flags & 0x40) (a = f2(p)), (d = f2(p + 2)), (p += 4);
      else if (flags & 0x80) (a = f2(p)), (b = f2(p + 2)), (c = f2(p + 4)), (d = f2(p + 6)), (p += 8);
      for (const contour of glyph(component, depth + 1)) {
        outline.push(contour.map((q) => ({ x: a * q.x + c * q.y + dx, y: b * q.x + d * q.y + dy, on: q.on })));
      }
      more = (flags & 0x20) !== 0;
    }
    return outline;
  };

  return (char) => glyph(glyphOf(char), 0);
}

/**
 * Steps of coverage a pixel is given, as resvg's rasterizer gives about as many: more steps drew
 * no better text at these sizes and made a city's bands a third larger once compressed.
 */
const LEVELS = 16;

/** A glyph's coverage (0-255, row by row) and where its top left pixel is, from the whole pixel of its pen position. */
export interface Mask {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

/**
 * Fills an outline at `scale` pixels a font unit, its pen at (`dx`, `dy`) within a pixel: each
 * pixel's coverage is the area of it inside the outline (lines' signed areas accumulated along
 * each row, the way font-rs does), so overlapping contours count once and counter-wound ones
 * make holes. Curves are cut into lines a third of a pixel from the curve at most. Null when the
 * glyph has no ink (a space).
 */
export function fillOutline(outline: Outline, scale: number, dx: number, dy: number): Mask | null {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const contour of outline) {
    for (const q of contour) {
      const x = q.x * scale + dx;
      const y = -q.y * scale + dy;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (!(minX < maxX && minY < maxY)) return null;
  const left = Math.floor(minX);
  const top = Math.floor(minY);
  const width = Math.ceil(maxX) - left + 2;
  const height = Math.ceil(maxY) - top;
  const area = new Float32Array(width * height + 2);
  const ox = dx - left;
  const oy = dy - top;
  const line = (x0: number, y0: number, x1: number, y1: number) => addLine(area, width, height, x0, y0, x1, y1);
  for (const contour of outline) {
    const pts = contour.map((q) => ({ x: q.x * scale + ox, y: -q.y * scale + oy, on: q.on }));
    const n = pts.length;
    // The contour's start: its first point on the curve, or (all control points) the midpoint of the last and first.
    const first = pts.findIndex((q) => q.on);
    const start = first >= 0 ? pts[first]! : { x: (pts[n - 1]!.x + pts[0]!.x) / 2, y: (pts[n - 1]!.y + pts[0]!.y) / 2 };
    let control: { x: number; y: number } | undefined = first >= 0 ? undefined : pts[0];
    let cur: { x: number; y: number } = start;
    for (let k = 1; k < n; k++) {
      const q = pts[(Math.max(first, 0) + k) % n]!;
      if (q.on) {
        if (control) quad(line, cur, control, q);
        else line(cur.x, cur.y, q.x, q.y);
        cur = q;
        control = undefined;
      } else if (control) {
        const mid = { x: (control.x + q.x) / 2, y: (control.y + q.y) / 2 };
        quad(line, cur, control, mid);
        cur = mid;
        control = q;
      } else control = q;
    }
    if (control) quad(line, cur, control, start);
    else line(cur.x, cur.y, start.x, start.y);
  }
  const alpha = new Uint8Array(width * height);
  let acc = 0;
  for (let i = 0; i < alpha.length; i++) {
    acc += area[i]!;
    const v = Math.abs(acc);
    alpha[i] = v >= 1 ? 255 : Math.round(Math.round(v * LEVELS) * (255 / LEVELS));
  }
  return { left, top, width, height, alpha };
}

type Line = (x0: number, y0: number, x1: number, y1: number) => void;

function quad(line: Line, p0: { x: number; y: number }, p1: { x: number; y: number }, p2: { x: number; y: number }): void {
  const devX = p0.x - 2 * p1.x + p2.x;
  const devY = p0.y - 2 * p1.y + p2.y;
  const dev = devX * devX + devY * devY;
  if (dev < 0.333) return line(p0.x, p0.y, p2.x, p2.y);
  const n = 1 + Math.floor(Math.sqrt(Math.sqrt(3 * dev)));
  let x = p0.x;
  let y = p0.y;
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const u = 1 - t;
    const nx = u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x;
    const ny = u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y;
    line(x, y, nx, ny);
    x = nx;
    y = ny;
  }
}

/**
 * A line's signed area, added to the cells of the rows it crosses (font-rs's accumulation
 * rasterizer). Plain arithmetic, no allocation: a site's first cards run it before the JIT has.
 */
function addLine(a: Float32Array, w: number, h: number, px0: number, py0: number, px1: number, py1: number): void {
  if (py0 === py1) return;
  const down = py0 < py1;
  const dir = down ? 1 : -1;
  const x0 = down ? px0 : px1;
  const y0 = down ? py0 : py1;
  const y1 = down ? py1 : py0;
  const dxdy = ((down ? px1 : px0) - x0) / (y1 - y0);
  let x = x0;
  if (y0 < 0) x -= y0 * dxdy;
  const yEnd = Math.min(h, Math.ceil(y1));
  for (let y = Math.max(0, Math.floor(y0)); y < yEnd; y++) {
    const row = y * w;
    const dy = Math.min(y + 1, y1) - Math.max(y, y0);
    const xNext = x + dxdy * dy;
    const d = dy * dir;
    const xa = x < xNext ? x : xNext;
    const xb = x < xNext ? xNext : x;
    const xai = Math.floor(xa);
    const xbi = Math.ceil(xb);
    if (xbi <= xai + 1) {
      const xmf = 0.5 * (x + xNext) - xai;
      a[row + xai] = a[row + xai]! + d - d * xmf;
      a[row + xai + 1] = a[row + xai + 1]! + d * xmf;
    } else {
      const s = 1 / (xb - xa);
      const xaf = xa - xai;
      const a0 = 0.5 * s * (1 - xaf) * (1 - xaf);
      const xbf = xb - xbi + 1;
      const am = 0.5 * s * xbf * xbf;
      a[row + xai] = a[row + xai]! + d * a0;
      if (xbi === xai + 2) a[row + xai + 1] = a[row + xai + 1]! + d * (1 - a0 - am);
      else {
        const a1 = s * (1.5 - xaf);
        a[row + xai + 1] = a[row + xai + 1]! + d * (a1 - a0);
        for (let xi = xai + 2; xi < xbi - 1; xi++) a[row + xi] = a[row + xi]! + d * s;
        const a2 = a1 + (xbi - xai - 3) * s;
        a[row + xbi - 1] = a[row + xbi - 1]! + d * (1 - a2 - am);
      }
      a[row + xbi] = a[row + xbi]! + d * am;
    }
    x = xNext;
  }
}
