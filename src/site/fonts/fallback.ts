import type { FontMetrics } from './metrics.js';

/**
 * A font on the visitor's device that stands in while the web font loads (font-display: swap),
 * scaled so its lines run as wide and as tall as the web font's: the swap then moves nothing.
 * Regular and bold apart: headings are bold, and a bold line runs wider than a regular one.
 */
export interface LocalFont {
  /** Suffix of the fallback family: `Inter Fallback`, `Inter Fallback DejaVu`. */
  suffix: string;
  regular: LocalFace;
  bold: LocalFace;
}

export interface LocalFace {
  /** local() names (full name, then PostScript name), tried in order: one metric set fits them all. */
  local: string[];
  metrics: FontMetrics;
}

const ARIAL_V = { unitsPerEm: 2048, ascent: 1854, descent: -434, lineGap: 67 };
const DEJAVU_V = { unitsPerEm: 2048, ascent: 1901, descent: -483, lineGap: 0 };

/**
 * Read with src/site/fonts/metrics.ts from the font files themselves: Liberation Sans 2.1 (Debian
 * fonts-liberation), made to Arial's widths and vertical metrics, so one set serves Windows,
 * macOS and iOS (Arial) and most Linux desktops (Liberation Sans); then DejaVu Sans, the face a
 * Linux machine without either falls back to. Android has neither and gets the generic face.
 */
export const LOCAL_FONTS: readonly LocalFont[] = [
  {
    suffix: '',
    regular: { local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'], metrics: { ...ARIAL_V, xWidthAvg: 904 } },
    bold: { local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'], metrics: { ...ARIAL_V, xWidthAvg: 977 } },
  },
  {
    suffix: ' DejaVu',
    regular: { local: ['DejaVu Sans', 'DejaVuSans'], metrics: { ...DEJAVU_V, xWidthAvg: 1037 } },
    bold: { local: ['DejaVu Sans Bold', 'DejaVuSans-Bold'], metrics: { ...DEJAVU_V, xWidthAvg: 1171 } },
  },
];

/** The @font-face descriptors that make `local` lay text out like `font` (as percentages). */
export interface FallbackOverrides {
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * size-adjust scales the local font so its average line is as wide as the web font's; the
 * overrides are the web font's ascent, descent and gap, divided by that same scale because the
 * browser applies them to the adjusted size.
 */
export function fallbackOverrides(font: FontMetrics, local: FontMetrics): FallbackOverrides {
  const scale = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const em = font.unitsPerEm * scale;
  return {
    sizeAdjust: percent(scale),
    ascentOverride: percent(font.ascent / em),
    descentOverride: percent(Math.abs(font.descent) / em),
    lineGapOverride: percent(font.lineGap / em),
  };
}
