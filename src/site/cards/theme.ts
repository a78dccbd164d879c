/**
 * The colours of a social card, from the brand colour alone. Cards sit in feeds beside photos, so
 * the brand colour fills the card; text on it is white when white reads well enough for large
 * text (3:1, WCAG 1.4.3), else near-black (a pale brand colour like a light mint).
 */
export interface CardTheme {
  /** The brand colour, flat: it compresses to almost nothing (png.ts). */
  background: string;
  /** Headline, name and marks. */
  ink: string;
  /** Secondary text (the city line), ink at lower opacity. */
  inkSoft: string;
  /** The footer bar: the brand colour, deepened. */
  bar: string;
  /** Translucent shapes on the brand colour (the mark's tile, the pulse line in the bar). */
  wash: string;
}

const DARK_INK = '#0f172a';

/** The card colours for a brand colour (`#rrggbb` or `#rgb`, as the config schema checks). */
export function cardTheme(brand: string): CardTheme {
  const rgb = parseHex(brand);
  const white = contrast(luminance(rgb), 1);
  const light = white < 3;
  const background = toHex(rgb);
  return {
    background,
    ink: light ? DARK_INK : '#ffffff',
    inkSoft: light ? 'rgba(15,23,42,0.78)' : 'rgba(255,255,255,0.86)',
    bar: toHex(mix(rgb, [0, 0, 0], light ? 0.12 : 0.28)),
    wash: light ? 'rgba(15,23,42,0.10)' : 'rgba(255,255,255,0.16)',
  };
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => a.map((c, i) => c + (b[i]! - c) * t) as Rgb;

/** WCAG relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two luminances. */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
