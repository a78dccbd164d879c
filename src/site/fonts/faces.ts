import type { FontChoice } from '../../config/schema.js';
import type { WebFontChoice } from '../../model/web-fonts.js';

/**
 * The typefaces a clinic can choose (`font` in the config), shipped in files/ (its README says
 * where each file came from): each a variable web font for the site (Fontsource's Latin subset,
 * WOFF2, one file for every weight) and static TrueType files of the same design for social cards
 * (Google Fonts' files; the card renderer reads TrueType, not WOFF2). All under the SIL Open Font
 * License (files/<family>/OFL.txt). One table, so the stylesheet, the preload, the fallback face
 * and the cards agree.
 */
export interface FontFace {
  /** The family name the stylesheet declares and pages ask for. */
  family: string;
  /** The site's font file, as a path in files/. */
  webFont: string;
  /** The weights the variable font covers (the @font-face `font-weight` range). */
  weights: string;
  /** The Latin subset's characters (Fontsource's unicode-range for it). */
  unicodeRange: string;
  /** Static TrueType files (paths in files/) for cards: regular for the city line, bold for headline and name. */
  cardFonts: { family: string; regular: string; bold: string };
}

export type { WebFontChoice };

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

export const FONT_FACES: Record<WebFontChoice, FontFace> = {
  inter: {
    family: 'Inter Variable',
    webFont: 'inter/inter-latin-wght-normal.woff2',
    weights: '100 900',
    unicodeRange: LATIN,
    cardFonts: {
      family: 'Inter',
      regular: 'inter/Inter_400Regular.ttf',
      bold: 'inter/Inter_700Bold.ttf',
    },
  },
  'source-sans-3': {
    family: 'Source Sans 3 Variable',
    webFont: 'source-sans-3/source-sans-3-latin-wght-normal.woff2',
    weights: '200 900',
    unicodeRange: LATIN,
    cardFonts: {
      family: 'Source Sans 3',
      regular: 'source-sans-3/SourceSans3_400Regular.ttf',
      bold: 'source-sans-3/SourceSans3_700Bold.ttf',
    },
  },
};

/** The face a config's `font` names; `system` has none (cards then use Inter). */
export function webFontFace(font: FontChoice): FontFace | undefined {
  return font === 'system' ? undefined : FONT_FACES[font];
}

/** The stack pages set text in for a face: the web font, its metric-matched fallbacks, then generic. */
export function fontStack(face: FontFace, fallbackSuffixes: readonly string[]): string {
  return [face.family, ...fallbackSuffixes.map((s) => `${fallbackFamily(face)}${s}`)].map((f) => `'${f}'`).join(',') + ',' + SYSTEM_STACK;
}

/** The name of a face's fallback family: `Inter Fallback` (the `Variable` of the web font's name dropped). */
export function fallbackFamily(face: FontFace): string {
  return `${face.family.replace(/ Variable$/, '')} Fallback`;
}

/** The device's own sans-serif faces: `font: system`, and the last resort of every stack. */
export const SYSTEM_STACK = 'ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
