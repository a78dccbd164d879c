import { ByteLru } from '../byte-lru.js';
import { inkRows, paintText, type FaceGlyphs } from './glyphs.js';
import { CARD_WIDTH, LOGO_HREF, type BandSpec, type TextRun } from './layout.js';
import { readOutlines, type Outline } from './outline.js';
import { adler32, adler32Combine, adlerChange, bandOf, compressRows, deflatePiece, flatRows, rgbaRows, withMargins, type Band, type Piece, type RawRows } from './png.js';
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
 * dropped first.
 */
const pieces = new ByteLru<Piece>(8 * 1024 * 1024);

/** Forgets the runs compressed and the backdrops drawn, as a new thread starts: for tests of drawing. */
export function forgetPieces(): void {
  pieces.clear();
  backdrops.clear();
}

/** Rows a band's text is painted on before they are compressed: one buffer a thread, grown as needed. */
let scratch = Buffer.alloc(0);

/** Rows drawn from which resvg's drawing of a brand's bands is split in two passes run at once. */
const SPLIT_ROWS = 1000;

/**
 * Draws bands. A band the brand's cities share (its top, footer, the headlines that do not name
 * the city) is drawn once a brand by resvg, in a pass with the others (two run at once for a
 * tall stack, on libuv's threads, while this thread goes on), with kerning off and the card fonts
 * alone, so every machine draws the same pixels. A city's own bands (its city line, a headline
 * naming it) are drawn for each city: their shapes (the pin; a headline has none) by resvg once a
 * brand (backdropOf), their text glyph by glyph from masks filled once a thread (glyphs.ts), set
 * as `measure` measured it (text.ts), as resvg sets it. Such a band is compressed (png.ts) in runs
 * of rows: each line of text with the rows its ink takes (lines whose ink shares rows together),
 * and the background's rows between them. A run already compressed in this thread, the same
 * rows with the same text on the same backdrop, is not painted or compressed again (`pieces`):
 * "Men's Health Care in" above a city's name is the same for every city, and the city's name on
 * its own line the same in each headline that ends with it. Runs end where the band's content
 * says, never where a build's batch does, so a card's bytes are the same whatever else a run
 * draws. A shared band is compressed at level 6 (once a brand), a city's own at 3: a fifth larger
 * in a tenth of the time.
 */
export async function drawBands(specs: readonly BandSpec[], fonts: CardFonts, theme: CardTheme, logoHref?: Promise<string>): Promise<Band[]> {
  if (specs.length === 0) return [];
  const logo = logoHref && specs.some((s) => s.shapes.includes(LOGO_HREF)) ? await logoHref : undefined;
  const render = async (svg: string, text: boolean) => {
    // Loaded on the first drawing only: a rebuild draws nothing and need not load the renderer.
    const { renderAsync } = await import('@resvg/resvg-js');
    const font = text
      ? { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family }
      : { loadSystemFonts: false };
    return (await renderAsync(svg, { font, fitTo: { mode: 'original' as const }, logLevel: 'off' as const })).pixels;
  };
  // With a city's own bands to set on this thread, resvg takes one of libuv's threads, not two.
  const shared = drawShared(specs.filter((s) => !s.local), theme, logo, render, specs.some((s) => s.local) ? 1 : 2);
  const faceOf = (run: TextRun) => glyphsOf(fonts, run.weight);
  const local = Promise.all(
    specs
      .filter((s) => s.local)
      .map(async (spec) => drawBand(spec, await backdropOf(spec, theme, (svg) => render(svg, false)), fonts.hash, faceOf)),
  );
  const [sharedBands, localBands] = await Promise.all([shared, local]);
  drawnCount += specs.length;
  return specs.map((s) => (s.local ? localBands : sharedBands).shift()!);
}

/** A city's own band: its text painted on its backdrop, compressed in runs of rows. */
function drawBand(spec: BandSpec, backdrop: Backdrop, fontsKey: string, faceOf: (run: TextRun) => FaceGlyphs): Band {
  const rows = spec.y1 - spec.y0;
  const level = 3;
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

/**
 * Bands drawn by resvg, in a stack on a canvas of the brand colour, or two stacks at once for
 * many: each band's rows with ink only (BandSpec.ink), its other rows the flat colour (png.ts).
 */
async function drawShared(
  specs: readonly BandSpec[],
  theme: CardTheme,
  logo: string | undefined,
  render: (svg: string, text: boolean) => Promise<Uint8Array>,
  passes: 1 | 2,
): Promise<Band[]> {
  if (specs.length === 0) return [];
  const rowsOf = (s: BandSpec) => s.ink[1] - s.ink[0];
  const height = specs.reduce((n, s) => n + rowsOf(s), 0);
  let sum = 0;
  const split = passes === 1 || height < SPLIT_ROWS ? specs.length : Math.max(1, specs.findIndex((s) => (sum += rowsOf(s)) >= height / 2) + 1);
  const stacks = [specs.slice(0, split), specs.slice(split)].filter((g) => g.length);
  const drawn = await Promise.all(
    stacks.map(async (group) => {
      let top = 0;
      const groups = group.map((s) => {
        const g = `<g transform="translate(0 ${top - s.ink[0]})">${s.svg}</g>`;
        top += rowsOf(s);
        return g;
      });
      let svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${top}" viewBox="0 0 ${CARD_WIDTH} ${top}">` +
        `<rect width="${CARD_WIDTH}" height="${top}" fill="${theme.background}"/><g style="font-kerning:none">${groups.join('')}</g></svg>`;
      if (logo !== undefined) svg = svg.replaceAll(LOGO_HREF, logo);
      const pixels = await render(svg, group.some((s) => s.texts.length));
      const rowBytes = CARD_WIDTH * 4;
      let at = 0;
      return Promise.all(
        group.map((s) => {
          const [r0, r1] = s.ink;
          const slice = pixels.subarray(at * rowBytes, (at + r1 - r0) * rowBytes);
          at += r1 - r0;
          const rows = withMargins(rgbaRows(slice, CARD_WIDTH, r1 - r0), r0 - s.y0, s.y1 - r1, theme.background);
          return compressRows(rows, s.name === 'foot', 6);
        }),
      );
    }),
  );
  return drawn.flat();
}

/** A city's band's shapes on its background (the same for every city of a brand), from this thread's backdrops or drawn now. */
function backdropOf(spec: BandSpec, theme: CardTheme, render: (svg: string) => Promise<Uint8Array>): Promise<Backdrop> {
  const key = JSON.stringify([theme.background, spec.y0, spec.y1, spec.shapes]);
  let held = backdrops.get(key);
  if (!held) {
    const rows = spec.y1 - spec.y0;
    const draw = async (): Promise<Backdrop> => {
      if (!spec.shapes) return backdrop(flatRows(CARD_WIDTH, rows, theme.background));
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${rows}" viewBox="0 0 ${CARD_WIDTH} ${rows}">` +
        `<rect width="${CARD_WIDTH}" height="${rows}" fill="${theme.background}"/><g transform="translate(0 ${-spec.y0})">${spec.shapes}</g></svg>`;
      return backdrop(rgbaRows(await render(svg), CARD_WIDTH, rows));
    };
    if (backdrops.size >= BACKDROPS) backdrops.delete(backdrops.keys().next().value!);
    backdrops.set(key, (held = draw()));
    held.catch(() => backdrops.delete(key));
  }
  return held;
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
