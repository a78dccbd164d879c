import { ByteLru } from '../byte-lru.js';
import type { CardLogo } from './card-logo.js';
import { colourOf, inkRows, paintText, type FaceGlyphs, type Rows } from './glyphs.js';
import { CARD_WIDTH, type BandSpec, type TextRun } from './layout.js';
import { readOutlines, type Outline } from './outline.js';
import { adler32, adler32Combine, adlerChange, bandOf, deflatePiece, flatRows, type Band, type Piece, type RawRows } from './png.js';
import { paintMask, paintRect, PLATE, PLATE_CORNER, shapeMasks } from './shapes.js';
import type { CardFonts } from './text.js';
import type { CardTheme } from './theme.js';

let drawnCount = 0;

/** How many bands this thread has drawn: a warm rebuild draws none (the tests count). */
export function bandsDrawn(): number {
  return drawnCount;
}

/**
 * A city's band's shapes (the pin; none for a headline) drawn on its background, with each row's
 * Adler-32, and runs of its rows compressed (by level, rows and whether they end the image). The
 * same for every city of a brand: drawn once a thread.
 */
interface Backdrop {
  /** Tells this backdrop's pieces from another's in `pieces` (a counter, never reused in a thread). */
  id: number;
  rows: RawRows;
  rowSums: Uint32Array;
  held: Map<string, Piece>;
}
const backdrops = new Map<string, Promise<Backdrop>>();
const BACKDROPS = 32;
let backdropIds = 0;

/**
 * Rows with text compressed, by what they hold (the backdrop, the rows, the level, the lines of
 * text in them): the line "Men's Health Care in" above a city's name is the same for every city,
 * and a city's name on its own line is the same in each headline that ends with it, so each is
 * painted and compressed once a thread. Kept up to a number of bytes, the least recently used
 * dropped first: 2 MB holds a brand's shared lines and the last hundred cities' own (a city's name
 * is asked for again by its next headline); 8 MB of city lines never asked for again was a tenth of
 * a cold 1,000-city build's peak memory (issue 41).
 */
const pieces = new ByteLru<Piece>(2 * 1024 * 1024);

/** Forgets the runs compressed and the backdrops drawn, as a new thread starts: for tests of drawing. */
export function forgetPieces(): void {
  pieces.clear();
  backdrops.clear();
}

/** Rows a band's text is painted on before they are compressed: one buffer a thread, grown as needed. */
let scratch = Buffer.alloc(0);

/**
 * Draws bands, each the same way: its shapes painted on its background (the backdrop, the same for
 * every city of a brand colour: backdropOf), its text painted glyph by glyph from masks filled once
 * a thread (glyphs.ts), set as `measure` measured it (text.ts) as resvg would, and compressed
 * (png.ts) in runs of rows: each line of text with the rows its ink takes (lines whose ink shares
 * rows together), and the background's rows between them. A run already compressed in this
 * thread, the same rows with the same text on the same backdrop, is not painted or compressed
 * again (`pieces`): "Men's Health Care in" above a city's name is the same for every city, and the
 * city's name on its own line the same in each headline that ends with it. Runs end where the
 * band's content says, never where a build's batch does, so a card's bytes are the same whatever
 * else a run draws. A band the brand's cities share (its top, footer, the headlines that do not
 * name the city) is compressed at level 6, once a brand; a city's own at level 1, the least time
 * for the bytes: it is drawn for one city only. The shapes' coverage was drawn when the package
 * was built (shapes.ts); only a logo is drawn by resvg, once a brand (logoPixels).
 */
export async function drawBands(specs: readonly BandSpec[], fonts: CardFonts, theme: CardTheme, logo?: CardLogo): Promise<Band[]> {
  if (specs.length === 0) return [];
  const faceOf = (run: TextRun) => glyphsOf(fonts, run.weight);
  const bands = await Promise.all(specs.map(async (spec) => drawBand(spec, await backdropOf(spec, theme, logo), fonts.hash, faceOf)));
  drawnCount += specs.length;
  return bands;
}

/** Compression of a city's own band, and of a band its brand's cities share. */
const LOCAL_LEVEL = 1;
const SHARED_LEVEL = 6;

/** A band: its text painted on its backdrop, compressed in runs of rows. */
function drawBand(spec: BandSpec, backdrop: Backdrop, fontsKey: string, faceOf: (run: TextRun) => FaceGlyphs): Band {
  const rows = spec.y1 - spec.y0;
  const level = spec.local ? LOCAL_LEVEL : SHARED_LEVEL;
  // The 'foot' band ends the image: its last run ends the stream.
  const last = spec.name === 'foot';
  // Lines by the band rows their ink takes, and lines whose rows meet joined into one run.
  const lines = spec.texts
    .map((run) => ({ run, ink: inkRows(run, faceOf(run)) }))
    .filter((l): l is { run: TextRun; ink: [number, number] } => l.ink !== undefined)
    .map(({ run, ink }) => ({ run, r0: Math.max(0, ink[0] - spec.y0), r1: Math.min(rows, ink[1] - spec.y0) }))
    .filter((l) => l.r0 < l.r1)
    .sort((a, b) => a.r0 - b.r0);
  const runs: { r0: number; r1: number; lines: TextRun[] }[] = [];
  for (const l of lines) {
    const open = runs.at(-1);
    if (open && l.r0 < open.r1) {
      open.r1 = Math.max(open.r1, l.r1);
      open.lines.push(l.run);
    } else runs.push({ r0: l.r0, r1: l.r1, lines: [l.run] });
  }
  const out: Piece[] = [];
  let y = 0;
  for (const run of runs) {
    if (y < run.r0) out.push(background(backdrop, y, run.r0, level, false));
    out.push(textRun(spec, backdrop, run, level, last && run.r1 === rows, fontsKey, faceOf));
    y = run.r1;
  }
  if (y < rows) out.push(background(backdrop, y, rows, level, last));
  return bandOf(out, rows);
}

/** The Adler-32 of the backdrop's rows `r0` to `r1` (end excluded), from each row's. */
function sumOf(backdrop: Backdrop, r0: number, r1: number): number {
  const stride = backdrop.rows.width * 3 + 1;
  let adler = 1;
  for (let y = r0; y < r1; y++) adler = adler32Combine(adler, backdrop.rowSums[y]!, stride);
  return adler;
}

/** The backdrop's rows `r0` to `r1`, compressed once. */
function background(backdrop: Backdrop, r0: number, r1: number, level: number, final: boolean): Piece {
  const key = `${level}:${r0}-${r1}:${final}`;
  let piece = backdrop.held.get(key);
  if (!piece) {
    const stride = backdrop.rows.width * 3 + 1;
    piece = deflatePiece(backdrop.rows.raw.subarray(r0 * stride, r1 * stride), sumOf(backdrop, r0, r1), level, final);
    backdrop.held.set(key, piece);
  }
  return piece;
}

/** Rows `r0` to `r1` of the band with `lines` painted on the backdrop, compressed: from `pieces`, or made now. */
function textRun(
  spec: BandSpec,
  backdrop: Backdrop,
  run: { r0: number; r1: number; lines: TextRun[] },
  level: number,
  final: boolean,
  fontsKey: string,
  faceOf: (run: TextRun) => FaceGlyphs,
): Piece {
  const { r0, r1, lines } = run;
  const key = JSON.stringify([backdrop.id, fontsKey, spec.y0, r0, r1, level, final, lines.map((l) => [l.text, l.x, l.baseline, l.size, l.weight, l.family, l.fill])]);
  const held = pieces.get(key);
  if (held) return held;
  const { width } = backdrop.rows;
  const stride = width * 3 + 1;
  const length = (r1 - r0) * stride;
  if (scratch.length < length) scratch = Buffer.alloc(length);
  const raw = scratch.subarray(0, length);
  backdrop.rows.raw.copy(raw, 0, r0 * stride, r1 * stride);
  const painted = paintText({ raw, width, rows: r1 - r0, top: spec.y0 + r0 }, lines, faceOf);
  const piece = deflatePiece(raw, adlerChange(sumOf(backdrop, r0, r1), painted.added, painted.weighted), level, final);
  pieces.set(key, piece, piece.data.byteLength);
  return piece;
}

/** A band's shapes on its background (the same for every city of a brand colour), from this thread's backdrops or painted now. */
function backdropOf(spec: BandSpec, theme: CardTheme, logo: CardLogo | undefined): Promise<Backdrop> {
  const drawsLogo = spec.marks.some((m) => m.kind === 'logo');
  const key = JSON.stringify([theme.background, spec.y0, spec.y1, spec.shapes, drawsLogo ? (logo?.hash ?? '') : '']);
  let held = backdrops.get(key);
  if (!held) {
    const draw = async (): Promise<Backdrop> => {
      const rows = flatRows(CARD_WIDTH, spec.y1 - spec.y0, theme.background);
      const canvas = { raw: rows.raw, width: CARD_WIDTH, rows: rows.rows, top: spec.y0 };
      const masks = spec.marks.length ? shapeMasks() : undefined;
      for (const mark of spec.marks) {
        if (mark.kind === 'shape') paintMask(canvas, masks![mark.shape], colourOf(mark.fill));
        else if (mark.kind === 'rect') paintRect(canvas, mark.box, colourOf(mark.fill));
        else if (mark.kind === 'plate') {
          const colour = colourOf(mark.fill);
          const { plateLeft, plateRight } = masks!;
          paintMask(canvas, plateLeft, colour);
          paintRect(canvas, [plateLeft.left + PLATE_CORNER, PLATE.y, PLATE.x + mark.width - PLATE_CORNER, PLATE.y + PLATE.height], colour);
          paintMask(canvas, plateRight, colour, mark.width - PLATE.height);
        } else if (logo) paintPixels(canvas, mark, await logoPixels(logo, mark.width, mark.height));
      }
      return backdrop(rows);
    };
    if (backdrops.size >= BACKDROPS) backdrops.delete(backdrops.keys().next().value!);
    backdrops.set(key, (held = draw()));
    held.catch(() => backdrops.delete(key));
  }
  return held;
}

/**
 * The logo in its box on the white plate, as opaque RGBA pixels: drawn by resvg (it reads the
 * SVG, PNG and JPEG logos a config may name), loaded for this alone, once a brand a thread.
 */
async function logoPixels(logo: CardLogo, width: number, height: number): Promise<Uint8Array> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<image width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet" href="${await logo.href()}"/></svg>`;
  return (await renderAsync(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' as const }, logLevel: 'off' as const })).pixels;
}

/** Opaque RGBA pixels copied into the canvas at the mark's box. */
function paintPixels(canvas: Rows, box: { x: number; y: number; width: number; height: number }, rgba: Uint8Array): void {
  const stride = canvas.width * 3 + 1;
  for (let y = 0; y < box.height; y++) {
    const r = box.y + y - canvas.top;
    if (r < 0 || r >= canvas.rows) continue;
    for (let x = 0; x < box.width; x++) {
      const s = (y * box.width + x) * 4;
      const d = r * stride + 1 + (box.x + x) * 3;
      canvas.raw[d] = rgba[s]!;
      canvas.raw[d + 1] = rgba[s + 1]!;
      canvas.raw[d + 2] = rgba[s + 2]!;
    }
  }
}

/** A backdrop of `rows`: each row's Adler-32 (a row like the one above it is not summed again). */
function backdrop(rows: RawRows): Backdrop {
  const stride = rows.width * 3 + 1;
  const rowSums = new Uint32Array(rows.rows);
  for (let y = 0; y < rows.rows; y++) {
    const at = y * stride;
    rowSums[y] = y > 0 && rows.raw.compare(rows.raw, at - stride, at, at, at + stride) === 0 ? rowSums[y - 1]! : adler32(rows.raw.subarray(at, at + stride));
  }
  return { id: ++backdropIds, rows, rowSums, held: new Map() };
}

/** The glyphs of the card fonts' regular and bold files, read once a process (each outline when first drawn). */
const faces = new WeakMap<CardFonts, Record<400 | 700, FaceGlyphs>>();

function glyphsOf(fonts: CardFonts, weight: 400 | 700): FaceGlyphs {
  let held = faces.get(fonts);
  if (!held) {
    const face = (w: 400 | 700): FaceGlyphs => {
      const advances = w === 700 ? fonts.bold : fonts.regular;
      const read = readOutlines(fonts.tables[w]);
      const outlines = new Map<number, Outline>();
      const outline = (char: number) => {
        let o = outlines.get(char);
        if (!o) outlines.set(char, (o = read(char)));
        return o;
      };
      return { family: fonts.family, weight: w, advances, outline };
    };
    faces.set(fonts, (held = { 400: face(400), 700: face(700) }));
  }
  return held[weight];
}
