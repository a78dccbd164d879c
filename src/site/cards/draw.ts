import { CARD_WIDTH, LOGO_HREF, type BandSpec } from './layout.js';
import { encodeBand, type Band } from './png.js';
import type { CardFonts } from './text.js';
import type { CardTheme } from './theme.js';

let drawn = 0;

/** How many bands this thread has drawn: a warm rebuild draws none (the tests count). */
export function bandsDrawn(): number {
  return drawn;
}

/**
 * Draws bands in one pass of the renderer, stacked on one canvas of the brand colour (their rows
 * only: each band keeps inside its own), then compresses each. resvg draws text with the card
 * fonts alone (no system fonts, so every machine draws the same pixels) and runs off this thread,
 * so a server drawing cards still answers other requests.
 */
export async function drawBands(specs: readonly BandSpec[], fonts: CardFonts, theme: CardTheme, logoHref?: Promise<string>): Promise<Band[]> {
  if (specs.length === 0) return [];
  let top = 0;
  const groups = specs.map((s) => {
    const g = `<g transform="translate(0 ${top - s.y0})">${s.svg}</g>`;
    top += s.y1 - s.y0;
    return g;
  });
  let svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${top}" viewBox="0 0 ${CARD_WIDTH} ${top}">` +
    `<rect width="${CARD_WIDTH}" height="${top}" fill="${theme.background}"/>${groups.join('')}</svg>`;
  if (logoHref) svg = svg.replaceAll(LOGO_HREF, await logoHref);
  // Loaded on the first drawing only: a rebuild draws nothing and need not load the renderer.
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, {
    font: { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family, sansSerifFamily: fonts.family },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  });
  const pixels = image.pixels;
  const rowBytes = CARD_WIDTH * 4;
  let at = 0;
  const bands = await Promise.all(
    specs.map((s) => {
      const rows = s.y1 - s.y0;
      const slice = pixels.subarray(at * rowBytes, (at + rows) * rowBytes);
      at += rows;
      return encodeBand(slice, CARD_WIDTH, rows, s.name === 'foot', s.local ? 3 : 6);
    }),
  );
  drawn += specs.length;
  return bands;
}
