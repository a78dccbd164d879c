import { paintText, type FaceGlyphs } from './glyphs.js';
import { CARD_WIDTH, LOGO_HREF, type BandSpec, type TextRun } from './layout.js';
import { readOutlines, type Outline } from './outline.js';
import { adlerChange, compressRows, flatRows, rgbaRows, withMargins, type Band, type RawRows } from './png.js';
import type { CardFonts } from './text.js';
import type { CardTheme } from './theme.js';

let drawnCount = 0;

/** How many bands this thread has drawn: a warm rebuild draws none (the tests count). */
export function bandsDrawn(): number {
  return drawnCount;
}

/**
 * A city's band's shapes drawn on its background (RawRows), by the shapes' SVG, the colour and
 * the rows: the pin of the city line and the flat colour behind a headline are the same for
 * every city of a brand, so a city's own bands cost only their text. With each, copies to paint
 * on (`spare`), put back as they were after each band (only the painted bytes are copied back): a
 * band is about a megabyte, and a fresh one per band cost more than painting it.
 */
interface Backdrop {
  rows: RawRows;
  spare: Buffer[];
  /** Runs of its rows compressed (png.ts Changed). */
  held: Map<string, Uint8Array>;
}
const backdrops = new Map<string, Promise<Backdrop>>();
const BACKDROPS = 32;
const SPARES = 4;

/** Rows drawn from which resvg's drawing of a brand's bands is split in two passes run at once. */
const SPLIT_ROWS = 1000;

/**
 * Draws bands. A band the brand's cities share (its top, footer, the headlines that do not name
 * the city) is drawn once a brand by resvg, in a pass with the others (two run at once for a
 * tall stack, on libuv's threads). A city's own bands (its city line, a headline naming it)
 * are drawn for each city: their shapes (the pin; a headline has none) by resvg once a brand and
 * kept, their text glyph by glyph from masks filled once (glyphs.ts), which costs a city about a
 * millisecond where a pass of resvg cost several. resvg sets text with kerning off, so both ways
 * set a line as `measure` measured it (text.ts), and with the card fonts alone (no system fonts,
 * so every machine draws the same pixels). Then each band is compressed (png.ts): a shared one
 * off this thread, so a server drawing cards still answers other requests; a city's own on it.
 */
export async function drawBands(specs: readonly BandSpec[], fonts: CardFonts, theme: CardTheme, logoHref?: Promise<string>): Promise<Band[]> {
  if (specs.length === 0) return [];
  const logo = logoHref && specs.some((s) => s.shapes.includes(LOGO_HREF)) ? await logoHref : undefined;
  // Loaded on the first drawing only: a rebuild draws nothing and need not load the renderer.
  const { renderAsync } = await import('@resvg/resvg-js');
  const render = async (svg: string, text: boolean) => {
    const font = text
      ? { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family }
      : { loadSystemFonts: false };
    return (await renderAsync(svg, { font, fitTo: { mode: 'original' as const }, logLevel: 'off' as const })).pixels;
  };
  // With a city's own bands to set on this thread, resvg takes one of libuv's threads, not two.
  const shared = drawShared(specs.filter((s) => !s.local), theme, logo, render, specs.some((s) => s.local) ? 1 : 2);
  const faceOf = (run: TextRun) => glyphsOf(fonts, run.weight);
  const local = specs
    .filter((s) => s.local)
    .map(async (spec) => {
      const backdrop = await backdropOf(spec, theme, (svg) => render(svg, false));
      const { rows } = backdrop;
      const raw = backdrop.spare.pop() ?? Buffer.from(rows.raw);
      const painted = paintText({ raw, width: CARD_WIDTH, rows: rows.rows, top: spec.y0 }, spec.texts, faceOf);
      const adler = adlerChange(rows.adler, painted.added, painted.weighted);
      const stride = CARD_WIDTH * 3 + 1;
      const { spans } = painted;
      const changed = {
        from: spans.length ? Math.floor(Math.min(...spans) / stride) : 0,
        to: spans.length ? Math.floor(Math.max(...spans) / stride) + 1 : 0,
        held: backdrop.held,
      };
      const band = await compressRows({ ...rows, raw, adler }, spec.name === 'foot', 3, true, changed);
      for (let i = 0; i < spans.length; i += 2) rows.raw.copy(raw, spans[i]!, spans[i]!, spans[i + 1]!);
      if (backdrop.spare.length < SPARES) backdrop.spare.push(raw);
      return band;
    });
  const [sharedBands, localBands] = await Promise.all([shared, Promise.all(local)]);
  drawnCount += specs.length;
  return specs.map((s) => (s.local ? localBands : sharedBands).shift()!);
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

/** A city's band's shapes on its background, from this thread's backdrops or drawn now. */
function backdropOf(spec: BandSpec, theme: CardTheme, render: (svg: string) => Promise<Uint8Array>): Promise<Backdrop> {
  const key = JSON.stringify([theme.background, spec.y0, spec.y1, spec.shapes]);
  let held = backdrops.get(key);
  if (!held) {
    const rows = spec.y1 - spec.y0;
    const draw = async (): Promise<Backdrop> => {
      if (!spec.shapes) return { rows: flatRows(CARD_WIDTH, rows, theme.background), spare: [], held: new Map() };
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${rows}" viewBox="0 0 ${CARD_WIDTH} ${rows}">` +
        `<rect width="${CARD_WIDTH}" height="${rows}" fill="${theme.background}"/><g transform="translate(0 ${-spec.y0})">${spec.shapes}</g></svg>`;
      return { rows: rgbaRows(await render(svg), CARD_WIDTH, rows), spare: [], held: new Map() };
    };
    if (backdrops.size >= BACKDROPS) backdrops.delete(backdrops.keys().next().value!);
    backdrops.set(key, (held = draw()));
    held.catch(() => backdrops.delete(key));
  }
  return held;
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
