import type { FontChoice } from '../../config/schema.js';
import { FONT_FACES } from './faces.js';
import { readPackageFile } from './font-files.js';
import { webFontFile } from '../../model/web-fonts.js';

/**
 * The font file a site carries for its `font`, under the name its stylesheet and preload link
 * use (web-fonts.ts): the file clinic-gen ships (files/), read once per process. None for `system`.
 */
export function siteFontFiles(font: FontChoice): Record<string, Uint8Array> {
  const path = webFontFile(font);
  return path && font !== 'system' ? { [path]: readPackageFile(FONT_FACES[font].webFont) } : {};
}
