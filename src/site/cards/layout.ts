import { PLATE, SHAPES, type MaskedShape } from './shapes.js';
import { fitText, type CardFonts, type FittedText } from './text.js';
import type { CardTheme } from './theme.js';

/** Open Graph's recommended size: what Facebook, LinkedIn, X and messengers show large. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const LEFT = 80;
const RIGHT = CARD_WIDTH - 80;

/**
 * The card's bands, top to bottom (png.ts): the brand (logo, name), the page's headline, the city,
 * and a footer bar. Everything a band draws stays inside its rows, so bands drawn apart join
 * without a seam; the middle bands are the flat brand colour behind their text.
 */
export type BandName = 'top' | 'head' | 'city' | 'foot';
const ROWS: Record<BandName, [number, number]> = { top: [0, 208], head: [208, 470], city: [470, 548], foot: [548, 630] };

/** One band to draw: its rows of the card and what it draws, in card coordinates. */
export interface BandSpec {
  name: BandName;
  y0: number;
  y1: number;
  /**
   * The whole band as SVG elements, text included: what the band's cache key hashes
   * (social-cards.ts), and what the tests have resvg draw to compare draw.ts's pixels with.
   */
  svg: string;
  /** The band's SVG elements other than text (a mark, a pin, a bar): part of `svg`, and the key of its backdrop (draw.ts). */
  shapes: string;
  /** The same shapes as draw.ts paints them, in order, under the text. */
  marks: Mark[];
  /** The band's lines of text, set from glyphs filled once a thread (glyphs.ts) onto its shapes. */
  texts: TextRun[];
  /** Drawn for one city only (its city line, a headline naming it): compressed fast, not small (png.ts). */
  local: boolean;
}

/**
 * A shape of a band, as draw.ts paints it: a prepared mask in a colour (shapes.ts), a rectangle on
 * whole pixels, the logo's plate (`width` wide, its corners from masks), or the logo in its box.
 */
export type Mark =
  | { kind: 'shape'; shape: MaskedShape; fill: string }
  | { kind: 'rect'; box: [x0: number, y0: number, x1: number, y1: number]; fill: string }
  | { kind: 'plate'; width: number; fill: string }
  | { kind: 'logo'; x: number; y: number; width: number; height: number };

/** A line of text from a pen position on, glyph after glyph by advance widths, as `measure` measures it (text.ts). */
export interface TextRun {
  text: string;
  /** The pen's start and the baseline, in card pixels. */
  x: number;
  baseline: number;
  family: string;
  weight: 400 | 700;
  size: number;
  /** `#rrggbb` or `rgba(r,g,b,a)` (theme.ts). */
  fill: string;
}

/** Where the logo's data URL goes in the top band's SVG; the cache key holds the logo's hash instead. */
export const LOGO_HREF = '__clinic_gen_logo__';

/** The brand part of a card. */
export interface CardBrand {
  name: string;
  /** The logo's size in pixels, when the clinic has one. */
  logo?: { width: number; height: number };
  /** The logo is a wordmark: the name is not printed beside it. */
  logoIncludesName: boolean;
}

/** A band drawing `shapes` (as SVG, and as `marks`) and `texts`. */
function band(name: BandName, shapes: string, marks: Mark[], texts: TextRun[] = [], local = false): BandSpec {
  const [y0, y1] = ROWS[name];
  return { name, y0, y1, svg: shapes + texts.map(textSvg).join(''), shapes, marks, texts, local };
}

/** Logo on a white plate (a logo is drawn for white pages) or the pulse mark, and the clinic's name. */
export function topBand(theme: CardTheme, fonts: CardFonts, brand: CardBrand): BandSpec {
  const plateY = PLATE.y;
  const plateH = PLATE.height;
  const showName = !(brand.logo && brand.logoIncludesName);
  let mark: string;
  let marks: Mark[];
  let markW: number = plateH;
  if (brand.logo) {
    const boxH = 80;
    const logoW = Math.min(Math.max((brand.logo.width / brand.logo.height) * boxH, 1), showName ? 440 : 760);
    markW = Math.max(plateH, Math.round(logoW) + 32);
    mark =
      SHAPES.plate('#ffffff', markW) +
      `<image x="${LEFT + 16}" y="${plateY + 16}" width="${markW - 32}" height="${boxH}" preserveAspectRatio="xMidYMid meet" href="${LOGO_HREF}"/>`;
    marks = [
      { kind: 'plate', width: markW, fill: '#ffffff' },
      { kind: 'logo', x: LEFT + 16, y: plateY + 16, width: markW - 32, height: boxH },
    ];
  } else {
    // The favicon's pulse line (seo.ts), large, on a tile of the brand colour lightened.
    mark = SHAPES.markTile(theme.wash) + SHAPES.markPulse(theme.ink);
    marks = [
      { kind: 'shape', shape: 'markTile', fill: theme.wash },
      { kind: 'shape', shape: 'markPulse', fill: theme.ink },
    ];
  }
  if (!showName) return band('top', mark, marks);
  const x = LEFT + markW + 32;
  const name = fitText(brand.name, fonts.bold, [46, 42, 38, 34, 30], RIGHT - x, 2);
  const baseline = (i: number) => plateY + plateH / 2 + (i - (name.lines.length - 1) / 2) * name.size * 1.15 + name.size * 0.36;
  return band('top', mark, marks, textLines(name, x, baseline, fonts, 700, theme.ink));
}

/** The page's headline, bold, up to three lines standing on the city line; `local` when it names the city. */
export function headBand(theme: CardTheme, fonts: CardFonts, headline: string, local: boolean): BandSpec {
  const text = fitText(headline, fonts.bold, [72, 64, 56, 50], RIGHT - LEFT, 3);
  const last = 444;
  const lh = text.size * 1.12;
  const baseline = (i: number) => last - (text.lines.length - 1 - i) * lh;
  return band('head', '', [], textLines(text, LEFT, baseline, fonts, 700, theme.ink), local);
}

/** A map pin and `Tampa, Florida`. */
export function cityBand(theme: CardTheme, fonts: CardFonts, cityLine: string): BandSpec {
  const text = fitText(cityLine, fonts.regular, [36, 32, 28], RIGHT - LEFT - 44, 1);
  const pin = SHAPES.pin(theme.inkSoft);
  return band('city', pin, [{ kind: 'shape', shape: 'pin', fill: theme.inkSoft }], textLines(text, LEFT + 44, () => 522, fonts, 400, theme.inkSoft), true);
}

/** A deeper bar along the bottom with the pulse line running through it. */
export function footBand(theme: CardTheme): BandSpec {
  const svg = `<rect x="0" y="582" width="${CARD_WIDTH}" height="48" fill="${theme.bar}"/>` + SHAPES.footPulse(theme.wash);
  // Above the bar, the brand colour.
  return band('foot', svg, [
    { kind: 'rect', box: [0, 582, CARD_WIDTH, 630], fill: theme.bar },
    { kind: 'shape', shape: 'footPulse', fill: theme.wash },
  ]);
}

function textLines(text: FittedText, x: number, baseline: (i: number) => number, fonts: CardFonts, weight: 400 | 700, fill: string): TextRun[] {
  // Baselines at tenths of a pixel, as the SVG of the band has always said them.
  return text.lines.map((line, i) => ({ text: line, x, baseline: Number(baseline(i).toFixed(1)), family: fonts.family, weight, size: text.size, fill }));
}

const textSvg = (t: TextRun) =>
  `<text x="${t.x}" y="${t.baseline.toFixed(1)}" font-family="${t.family}" font-weight="${t.weight}" font-size="${t.size}" fill="${t.fill}">${xml(t.text)}</text>`;

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
