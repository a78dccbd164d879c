import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../config/package-root.js';
import { blendChannel, type Rows } from './glyphs.js';
import type { Mask } from './outline.js';

/**
 * The shapes of a card besides its text: the map pin of the city line, the pulse mark on its tile
 * (a card without a logo), the pulse line of the footer and the corners of the logo's plate. Their
 * geometry is the same on every card (only their colour is the brand's), so their coverage is
 * known before any clinic is: drawn once by resvg when the package is built (`prepare`,
 * scripts/build.mjs writes lib/card-shapes.json), and painted in each brand's colours here, as
 * glyphs are (glyphs.ts). A build of cards loads no renderer for them (issue 41).
 */

/** An SVG attribute string for a shape's paint: `fill="#fff"`, or `fill="none" stroke="#fff"`. */
type Paint = (colour: string) => string;
const fill: Paint = (c) => `fill="${c}"`;
const stroke: Paint = (c) => `fill="none" stroke="${c}"`;

/** The plate's rounded corners: columns at each end of the plate, enough for its radius and its edge's anti-aliasing. */
export const PLATE_CORNER = 24;
/** The logo's plate and the mark's tile, where the top band sets them. */
export const PLATE = { x: 80, y: 56, height: 112 } as const;

/** Each shape as SVG in card coordinates, painted `colour`: what a band's SVG says and what its mask is drawn from. */
export const SHAPES = {
  pin: (c: string) =>
    `<path transform="translate(80 490) scale(1.5)" ${fill(c)} fill-rule="evenodd" ` +
    `d="M12 1.5a7.5 7.5 0 0 0-7.5 7.5c0 5.6 7.5 12.5 7.5 12.5s7.5-6.9 7.5-12.5A7.5 7.5 0 0 0 12 1.5zm0 4.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6z"/>`,
  markTile: (c: string) => `<rect x="${PLATE.x}" y="${PLATE.y}" width="${PLATE.height}" height="${PLATE.height}" rx="24" ${fill(c)}/>`,
  markPulse: (c: string) =>
    `<path transform="translate(${PLATE.x} ${PLATE.y}) scale(3.5)" d="M4 17h6l3-8 6 15 3-7h6" ${stroke(c)} stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`,
  footPulse: (c: string) => `<path d="M0 606H880l12-14 14 28 12-34 12 20H1200" ${stroke(c)} stroke-width="3" stroke-linejoin="round"/>`,
  /** A plate `width` wide; its mask is drawn at the narrowest plate, and only its corners are kept. */
  plate: (c: string, width: number = PLATE.height) => `<rect x="${PLATE.x}" y="${PLATE.y}" width="${width}" height="${PLATE.height}" rx="20" ${fill(c)}/>`,
} as const;

export type ShapeName = keyof typeof SHAPES;
/** The shapes painted whole from their own mask (the plate is painted from its corners'). */
export type MaskedShape = Exclude<ShapeName, 'plate'>;

/** The masks prepared: each shape's but the plate's, and the plate's two ends. */
const MASK_NAMES = ['pin', 'markTile', 'markPulse', 'footPulse', 'plateLeft', 'plateRight'] as const satisfies readonly (MaskedShape | 'plateLeft' | 'plateRight')[];
type MaskName = (typeof MASK_NAMES)[number];

const FORMAT = 'clinic-gen card shapes 1';
const FILE = 'lib/card-shapes.json';
/** resvg's version: the prepared masks' key, and every band's (a logo is drawn by it). */
export const RESVG_VERSION = (createRequire(import.meta.url)('@resvg/resvg-js/package.json') as { version: string }).version;

/** What the prepared masks depend on: the shapes' SVG and the renderer's version. A file of another key is drawn again. */
export const SHAPES_KEY = createHash('sha256')
  .update(JSON.stringify([FORMAT, RESVG_VERSION, PLATE_CORNER, Object.values(SHAPES).map((s) => s('#ffffff'))]))
  .digest('hex')
  .slice(0, 16);

/** Every mask drawn by resvg now, each cropped to the pixels it covers. */
export function drawShapeMasks(): Record<MaskName, Mask> {
  // Loaded only here: at package build time, or when the prepared file is missing (the sources run directly).
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const draw = (svg: string): Mask => {
    const canvas = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${svg}</svg>`;
    const px = new Resvg(canvas, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' }, logLevel: 'off' }).render().pixels;
    return crop(px, 1200, 630);
  };
  const plate = draw(SHAPES.plate('#ffffff'));
  const end = (from: number) => sub(plate, from, PLATE_CORNER);
  return {
    pin: draw(SHAPES.pin('#ffffff')),
    markTile: draw(SHAPES.markTile('#ffffff')),
    markPulse: draw(SHAPES.markPulse('#ffffff')),
    footPulse: draw(SHAPES.footPulse('#ffffff')),
    plateLeft: end(PLATE.x),
    plateRight: end(PLATE.x + PLATE.height - PLATE_CORNER),
  };
}

/** The prepared file's text: the key and each mask (card coordinates, coverage in base64). */
export function preparedShapes(masks: Record<MaskName, Mask> = drawShapeMasks()): string {
  const out: Record<string, [number, number, number, number, string]> = {};
  for (const [name, m] of Object.entries(masks)) out[name] = [m.left, m.top, m.width, m.height, Buffer.from(m.alpha).toString('base64')];
  return `${JSON.stringify({ format: FORMAT, key: SHAPES_KEY, masks: out })}\n`;
}

/** Writes the prepared masks into the package (scripts/build.mjs, on `npm install` and `npm run build`). */
export function writePreparedShapes(root: string): void {
  writeFileSync(join(root, FILE), preparedShapes());
}

let held: Record<MaskName, Mask> | undefined;

/** The masks: from the prepared file when it is this code's, else drawn now (once a process). */
export function shapeMasks(): Record<MaskName, Mask> {
  return (held ??= readPrepared() ?? drawShapeMasks());
}

/** Where the package keeps the prepared masks (the tests check a built package's file is this code's). */
export function preparedShapesFile(): string {
  return join(packageRoot(), FILE);
}

function readPrepared(): Record<MaskName, Mask> | undefined {
  try {
    const data = JSON.parse(readFileSync(preparedShapesFile(), 'utf8')) as { format?: unknown; key?: unknown; masks?: Record<string, unknown> };
    if (data.format !== FORMAT || data.key !== SHAPES_KEY || !data.masks) return undefined;
    const out: Partial<Record<MaskName, Mask>> = {};
    for (const name of MASK_NAMES) {
      const m = data.masks[name];
      if (!Array.isArray(m) || m.length !== 5) return undefined;
      const [left, top, width, height, alpha] = m as [number, number, number, number, string];
      const bytes = new Uint8Array(Buffer.from(alpha, 'base64'));
      if (bytes.length !== width * height) return undefined;
      out[name] = { left, top, width, height, alpha: bytes };
    }
    return out as Record<MaskName, Mask>;
  } catch {
    return undefined;
  }
}

/** The alpha of RGBA pixels, cut to the rows and columns with any. */
function crop(rgba: Uint8Array, width: number, height: number): Mask {
  let [x0, y0, x1, y1] = [width, height, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
    }
  }
  if (x1 <= x0) return { left: 0, top: 0, width: 0, height: 0, alpha: new Uint8Array(0) };
  const alpha = new Uint8Array((x1 - x0) * (y1 - y0));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) alpha[(y - y0) * (x1 - x0) + x - x0] = rgba[(y * width + x) * 4 + 3]!;
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0, alpha };
}

/** Columns `from` to `from + columns` of a mask (card coordinates). */
function sub(m: Mask, from: number, columns: number): Mask {
  const alpha = new Uint8Array(columns * m.height);
  for (let y = 0; y < m.height; y++) for (let x = 0; x < columns; x++) alpha[y * columns + x] = m.alpha[y * m.width + from - m.left + x]!;
  return { left: from, top: m.top, width: columns, height: m.height, alpha };
}

/**
 * Lays `colour` (`#rrggbb` or `rgba(...)`) over the canvas where the mask covers it, in
 * proportion to its coverage (as glyphs are painted, glyphs.ts); `dx` moves the mask across.
 */
export function paintMask(canvas: Rows, m: Mask, colour: readonly [number, number, number, number], dx = 0): void {
  const [red, green, blue, opacity] = colour;
  const stride = canvas.width * 3 + 1;
  const blend = (from: number, to: number, k: number) => blendChannel(from, to, k, opacity);
  for (let my = 0; my < m.height; my++) {
    const r = m.top + my - canvas.top;
    if (r < 0 || r >= canvas.rows) continue;
    for (let mx = 0; mx < m.width; mx++) {
      const x = m.left + dx + mx;
      const k = m.alpha[my * m.width + mx]!;
      if (k === 0 || x < 0 || x >= canvas.width) continue;
      const d = r * stride + 1 + x * 3;
      canvas.raw[d] = blend(canvas.raw[d]!, red, k);
      canvas.raw[d + 1] = blend(canvas.raw[d + 1]!, green, k);
      canvas.raw[d + 2] = blend(canvas.raw[d + 2]!, blue, k);
    }
  }
}

/** Fills card rows `y0` to `y1` (end excluded), columns `x0` to `x1`, with an opaque colour. */
export function paintRect(canvas: Rows, [x0, y0, x1, y1]: readonly [number, number, number, number], [red, green, blue]: readonly [number, number, number, number]): void {
  const stride = canvas.width * 3 + 1;
  for (let y = Math.max(y0, canvas.top); y < Math.min(y1, canvas.top + canvas.rows); y++) {
    const row = (y - canvas.top) * stride + 1;
    for (let x = Math.max(0, x0); x < Math.min(x1, canvas.width); x++) {
      canvas.raw[row + x * 3] = red;
      canvas.raw[row + x * 3 + 1] = green;
      canvas.raw[row + x * 3 + 2] = blue;
    }
  }
}
