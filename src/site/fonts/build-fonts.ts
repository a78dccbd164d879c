import { basename } from 'node:path';
import { FONT_FACES, type WebFontChoice } from './faces.js';
import { allFacesCss } from './font-css.js';
import { faceMetrics, readPackageFile, webFontPath } from './font-files.js';

/**
 * What scripts/build.mjs makes of the faces, once for every site: each web font's name in a site
 * (content-hashed, like the stylesheet) and the @font-face rules appended to the stylesheet. The
 * site pipeline copies the chosen face's file into each site under that name (site-fonts.ts).
 */
export function buildFonts(): { files: Record<WebFontChoice, string>; css: string } {
  const files = {} as Record<WebFontChoice, string>;
  for (const choice of Object.keys(FONT_FACES) as WebFontChoice[]) files[choice] = webFontPath(choice, readPackageFile(FONT_FACES[choice].webFont));
  // The stylesheet sits in assets/ beside the fonts: its url()s are bare file names.
  const urls = Object.fromEntries(Object.entries(files).map(([c, f]) => [c, basename(f)])) as Record<WebFontChoice, string>;
  return { files, css: allFacesCss(urls, faceMetrics) };
}
