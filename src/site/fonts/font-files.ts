import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../config/package-root.js';
import type { FontFace, WebFontChoice } from './faces.js';
import { readMetrics, type FontMetrics } from './metrics.js';
import { readSfnt } from './sfnt.js';

/** The font files clinic-gen ships (files/README.md says where each came from), in the package's folder. */
const FILES = 'src/site/fonts/files';
const held = new Map<string, Uint8Array>();
let folder: string | undefined;
const filesFolder = () => (folder ??= join(packageRoot(), FILES));

/** The path of one of the font files clinic-gen ships (`inter/Inter_400Regular.ttf`, as faces.ts names it). */
export function packageFile(spec: string): string {
  return join(filesFolder(), spec);
}

/** The bytes of a font file, read once per process: every city of a build shares them. */
export function readPackageFile(spec: string): Uint8Array {
  let bytes = held.get(spec);
  if (!bytes) held.set(spec, (bytes = new Uint8Array(readFileSync(packageFile(spec)))));
  return bytes;
}

/** Where a site carries a web font: `assets/inter-latin-wght.<hash>.woff2`, named by its content. */
export function webFontPath(choice: WebFontChoice, bytes: Uint8Array): string {
  return `assets/${choice}-latin-wght.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.woff2`;
}

/** A face's metrics at the two weights pages use most: regular text and bold headings. */
export interface FaceMetrics {
  regular: FontMetrics;
  bold: FontMetrics;
}

/**
 * The metrics of a face as the browser lays it out: heights from the web font itself; widths from
 * the static regular and bold files of the same design, because a variable font's own widths are
 * those of its default instance (ExtraLight for Source Sans 3), not of the weights pages use.
 */
export function faceMetrics(face: FontFace): FaceMetrics {
  const read = (spec: string): FontMetrics => {
    const font = readSfnt(readPackageFile(spec));
    const metrics = font.ok ? readMetrics(font.tables) : undefined;
    if (!metrics) throw new Error(`${spec}: ${font.ok ? 'a table the metrics need is missing' : font.error}`);
    return metrics;
  };
  const web = read(face.webFont);
  const widthOf = (spec: string) => (read(spec).xWidthAvg / read(spec).unitsPerEm) * web.unitsPerEm;
  return {
    regular: { ...web, xWidthAvg: Math.round(widthOf(face.cardFonts.regular)) },
    bold: { ...web, xWidthAvg: Math.round(widthOf(face.cardFonts.bold)) },
  };
}
