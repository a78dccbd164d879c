import { createHash } from 'node:crypto';
import type { FontChoice } from '../../config/schema.js';
import { FONT_FACES } from '../fonts/faces.js';
import { packageFile, readPackageFile } from '../fonts/font-files.js';
import { readAdvances, type Advances } from '../fonts/metrics.js';
import { readSfnt } from '../fonts/sfnt.js';

/**
 * The typeface a card is drawn in: the site's own (Inter for `font: system`, which has no file),
 * from TrueType files in the installed font packages, so a card never depends on the fonts of
 * the machine that builds it.
 */
export interface CardFonts {
  family: string;
  /** The files the renderer loads (and nothing else: no system fonts). */
  files: string[];
  regular: Advances;
  bold: Advances;
  /** Changes when the font files change: part of every band's cache key. */
  hash: string;
}

const held = new Map<string, CardFonts>();

/** The card fonts of a config's `font`, read once per process. */
export function cardFonts(font: FontChoice): CardFonts {
  const face = FONT_FACES[font === 'system' ? 'inter' : font].cardFonts;
  let fonts = held.get(face.family);
  if (!fonts) {
    const advances = (spec: string) => {
      const sfnt = readSfnt(readPackageFile(spec));
      const a = sfnt.ok ? readAdvances(sfnt.tables) : undefined;
      if (!a) throw new Error(`${spec}: not a font the card renderer can measure`);
      return a;
    };
    const hash = createHash('sha256');
    for (const spec of [face.regular, face.bold]) hash.update(readPackageFile(spec));
    fonts = {
      family: face.family,
      files: [packageFile(face.regular), packageFile(face.bold)],
      regular: advances(face.regular),
      bold: advances(face.bold),
      hash: hash.digest('hex').slice(0, 16),
    };
    held.set(face.family, fonts);
  }
  return fonts;
}

/** The width of `text` set at `size` pixels. Kerning is left out: lines measure a little long, never short. */
export function measure(font: Advances, text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += font.of(ch.codePointAt(0)!);
  return (units * size) / font.unitsPerEm;
}

/** Lines of text set at a size. */
export interface FittedText {
  size: number;
  lines: string[];
}

/**
 * `text` at the largest of `sizes` at which it wraps (at spaces) into at most `maxLines` lines of
 * `maxWidth`; at the smallest size, what does not fit ends in an ellipsis. A card must show a long
 * clinic name or headline whole when it can, and never run off the edge when it cannot.
 */
export function fitText(text: string, font: Advances, sizes: readonly number[], maxWidth: number, maxLines: number): FittedText {
  // The same headlines come back for every city of a brand: each is fitted once.
  let fitted = fits.get(font);
  if (!fitted) fits.set(font, (fitted = new Map()));
  const key = `${sizes.join()}|${maxWidth}|${maxLines}|${text}`;
  let fit = fitted.get(key);
  if (!fit) {
    if (fitted.size >= 4096) fitted.clear();
    fitted.set(key, (fit = fitUncached(text, font, sizes, maxWidth, maxLines)));
  }
  return fit;
}

const fits = new WeakMap<Advances, Map<string, FittedText>>();

function fitUncached(text: string, font: Advances, sizes: readonly number[], maxWidth: number, maxLines: number): FittedText {
  for (const size of sizes) {
    const lines = wrap(text, font, size, maxWidth);
    if (lines.length <= maxLines && lines.every((l) => measure(font, l, size) <= maxWidth)) return { size, lines: balance(text, font, size, maxWidth, lines) };
  }
  const size = sizes[sizes.length - 1]!;
  const lines = wrap(text, font, size, maxWidth).slice(0, maxLines);
  lines[lines.length - 1] = ellipsis(lines[lines.length - 1]!, font, size, maxWidth, lines.length < wrap(text, font, size, maxWidth).length);
  return { size, lines };
}

/**
 * The same number of lines, as even as they can be (CSS text-wrap: balance): the narrowest width
 * that still wraps into that many lines, so a headline does not end with one word on its own.
 */
function balance(text: string, font: Advances, size: number, maxWidth: number, lines: string[]): string[] {
  if (lines.length < 2) return lines;
  let lo = maxWidth / lines.length;
  let hi = maxWidth;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    const tried = wrap(text, font, size, mid);
    if (tried.length <= lines.length && tried.every((l) => measure(font, l, size) <= mid)) hi = mid;
    else lo = mid;
  }
  return wrap(text, font, size, hi);
}

function wrap(text: string, font: Advances, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(font, next, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The line cut to fit with `…` (always added when `more` text was left out). */
function ellipsis(line: string, font: Advances, size: number, maxWidth: number, more: boolean): string {
  if (!more && measure(font, line, size) <= maxWidth) return line;
  const chars = [...line];
  while (chars.length && measure(font, `${chars.join('').trimEnd()}…`, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
