import { CARD_WIDTH, LOGO_HREF, type BandSpec } from './layout.js';
import { encodeBand, rgbaWord, type Band } from './png.js';
import type { CardFonts } from './text.js';
import type { CardTheme } from './theme.js';

let drawnCount = 0;

/** How many bands this thread has drawn: a warm rebuild draws none (the tests count). */
export function bandsDrawn(): number {
  return drawnCount;
}

/** Rows drawn from which a drawing is split in two passes (measured: one city's own bands stay one). */
const SPLIT_ROWS = 1000;

/**
 * Draws bands in a pass of the renderer, or two run at once for many (libuv's threads: a cold
 * build of one city waits on them), each a stack of bands on a canvas of the brand colour (their
 * rows only: each band keeps inside its own), then compresses each band as its stack arrives. A band drawn only
 * where it has ink (BandSpec.ink) gets its other rows as flat brand colour from png.ts: most of a
 * headline band, which the renderer would only fill and hand over. resvg draws text with the card
 * fonts alone (no system fonts, so every machine draws the same pixels) and runs off this thread,
 * so a server drawing cards still answers other requests.
 */
export async function drawBands(specs: readonly BandSpec[], fonts: CardFonts, theme: CardTheme, logoHref?: Promise<string>): Promise<Band[]> {
  if (specs.length === 0) return [];
  const logo = logoHref && specs.some((s) => s.svg.includes(LOGO_HREF)) ? await logoHref : undefined;
  // Loaded on the first drawing only: a rebuild draws nothing and need not load the renderer.
  const { renderAsync } = await import('@resvg/resvg-js');
  const options = {
    font: { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family },
    fitTo: { mode: 'original' as const },
    logLevel: 'off' as const,
  };
  const background = rgbaWord(theme.background);
  const rowsOf = (s: BandSpec) => (s.ink ? s.ink[1] - s.ink[0] : s.y1 - s.y0);
  // A tall stack (a brand's first city: all its bands) in two of about the same height, drawn at
  // once and each compressed as it comes; a city's own few bands in one (a pass costs its SVG
  // parse and font loading, more than a second thread saves on them).
  const height = specs.reduce((n, s) => n + rowsOf(s), 0);
  let sum = 0;
  const split = height < SPLIT_ROWS ? specs.length : Math.max(1, specs.findIndex((s) => (sum += rowsOf(s)) >= height / 2) + 1);
  const stacks = [specs.slice(0, split), specs.slice(split)].filter((g) => g.length);
  const drawnStacks = await Promise.all(
    stacks.map(async (group) => {
      let top = 0;
      const groups = group.map((s) => {
        const [r0] = s.ink ?? [s.y0];
        const g = `<g transform="translate(0 ${top - r0})">${s.svg}</g>`;
        top += rowsOf(s);
        return g;
      });
      let svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${top}" viewBox="0 0 ${CARD_WIDTH} ${top}">` +
        `<rect width="${CARD_WIDTH}" height="${top}" fill="${theme.background}"/>${groups.join('')}</svg>`;
      if (logo !== undefined) svg = svg.replaceAll(LOGO_HREF, logo);
      const pixels = (await renderAsync(svg, options)).pixels;
      const rowBytes = CARD_WIDTH * 4;
      let at = 0;
      return Promise.all(
        group.map((s) => {
          const [r0, r1] = s.ink ?? [s.y0, s.y1];
          const slice = pixels.subarray(at * rowBytes, (at + r1 - r0) * rowBytes);
          at += r1 - r0;
          return encodeBand(slice, CARD_WIDTH, r1 - r0, s.name === 'foot', s.local ? 3 : 6, { above: r0 - s.y0, below: s.y1 - r1, colour: background });
        }),
      );
    }),
  );
  drawnCount += specs.length;
  return drawnStacks.flat();
}
