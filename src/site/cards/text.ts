import { createHash } from 'node:crypto';
import type { FontChoice } from '../../config/schema.js';
import { FONT_FACES } from '../fonts/faces.js';
import { packageFile, readPackageFile } from '../fonts/font-files.js';
import { readAdvances, type Advances } from '../fonts/metrics.js';
import { readSfnt, type SfntTables } from '../fonts/sfnt.js';

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
  /** Each weight's font tables: the glyphs' ink boxes (glyphs.ts). */
  tables: Record<400 | 700, SfntTables>;
  /** Changes when the font files change: part of every band's cache key. */
  hash: string;
}

const held = new Map<string, CardFonts>();

/** The card fonts of a config's `font`, read once per process. */
export function cardFonts(font: FontChoice): CardFonts {
  const face = FONT_FACES[font === 'system' ? 'inter' : font].cardFonts;
  let fonts = held.get(face.family);
  if (!fonts) {
    const read = (spec: string) => {
      const sfnt = readSfnt(readPackageFile(spec));
      const advances = sfnt.ok ? readAdvances(sfnt.tables) : undefined;
      if (!sfnt.ok || !advances) throw new Error(`${spec}: not a font the card renderer can measure`);
      return { tables: sfnt.tables, advances };
    };
    const [regular, bold] = [read(face.regular), read(face.bold)];
    const hash = createHash('sha256');
    for (const spec of [face.regular, face.bold]) hash.update(readPackageFile(spec));
    fonts = {
      family: face.family,
      files: [packageFile(face.regular), packageFile(face.bold)],
      regular: regular.advances,
      bold: bold.advances,
      tables: { 400: regular.tables, 700: bold.tables },
      hash: hash.digest('hex').slice(0, 16),
    };
    held.set(face.family, fonts);
  }
  return fonts;
}

/** The width of `text` set at `size` pixels. Kerning is left out: lines measure a little long, never short. */
export function measure(font: Advances, text: string, size: number): number {
  return (unitsOf(font, text) * size) / font.unitsPerEm;
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
  const words = wordsOf(text, font);
  for (const size of sizes) {
    const fit = wrap(words, font, size, maxWidth);
    if (fit.lines.length <= maxLines && fit.widest <= maxWidth) return { size, lines: balance(words, font, size, maxWidth, fit.lines) };
  }
  const size = sizes[sizes.length - 1]!;
  const all = wrap(words, font, size, maxWidth).lines;
  const lines = all.slice(0, maxLines);
  lines[lines.length - 1] = ellipsis(lines[lines.length - 1]!, font, size, maxWidth, lines.length < all.length);
  return { size, lines };
}

/** A text's words (split at white space) and each one's width in font units, measured once. */
interface Words {
  words: string[];
  units: number[];
  space: number;
}

function wordsOf(text: string, font: Advances): Words {
  const words = text.split(/\s+/).filter(Boolean);
  return { words, units: words.map((w) => unitsOf(font, w)), space: unitsOf(font, ' ') };
}

function unitsOf(font: Advances, text: string): number {
  let units = 0;
  for (const ch of text) units += font.of(ch.codePointAt(0)!);
  return units;
}

/**
 * The same number of lines, as even as they can be (CSS text-wrap: balance): the narrowest width
 * that still wraps into that many lines, so a headline does not end with one word on its own.
 */
function balance(words: Words, font: Advances, size: number, maxWidth: number, lines: string[]): string[] {
  if (lines.length < 2) return lines;
  let lo = maxWidth / lines.length;
  let hi = maxWidth;
  for (let i = 0; i < 12; i++) {
    const mid = (lo + hi) / 2;
    const tried = wrap(words, font, size, mid);
    if (tried.lines.length <= lines.length && tried.widest <= mid) hi = mid;
    else lo = mid;
  }
  return wrap(words, font, size, hi).lines;
}

/**
 * Words set into lines of at most `maxWidth` (a word longer than that gets a line of its own), and
 * the widest line's width. Widths are sums of whole font units, so a line measures exactly what
 * `measure` gives for its text, without measuring each line again as it grows.
 */
function wrap(w: Words, font: Advances, size: number, maxWidth: number): { lines: string[]; widest: number } {
  const width = (units: number) => (units * size) / font.unitsPerEm;
  const lines: string[] = [];
  let widest = 0;
  let line = '';
  let units = 0;
  const end = () => {
    lines.push(line);
    widest = Math.max(widest, width(units));
  };
  w.words.forEach((word, i) => {
    const next = line ? units + w.space + w.units[i]! : w.units[i]!;
    if (line && width(next) > maxWidth) {
      end();
      line = word;
      units = w.units[i]!;
    } else {
      line = line ? `${line} ${word}` : word;
      units = next;
    }
  });
  if (line) end();
  return { lines, widest };
}

/** The line cut to fit with `…` (always added when `more` text was left out). */
function ellipsis(line: string, font: Advances, size: number, maxWidth: number, more: boolean): string {
  if (!more && measure(font, line, size) <= maxWidth) return line;
  const chars = [...line];
  while (chars.length && measure(font, `${chars.join('').trimEnd()}…`, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
