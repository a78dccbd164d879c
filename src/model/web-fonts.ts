import manifest from '../../build/assets.json' with { type: 'json' };
import type { FontChoice } from '../config/schema.js';

/** A face a site carries as a web font: every choice but the system stack. */
export type WebFontChoice = Exclude<FontChoice, 'system'>;

/**
 * The file each face is served as in a site (`assets/inter-latin-wght.<hash>.woff2`), as
 * scripts/build.mjs named it when it wrote the stylesheet that links it. Pure data, for the
 * renderer (the preload link) and the site pipeline (which copies the file in).
 */
export const WEB_FONT_FILES: Record<WebFontChoice, string> = (manifest as { fonts: Record<WebFontChoice, string> }).fonts;

/** The web font file a site carries for its `font`; none for `system`. */
export function webFontFile(font: FontChoice): string | undefined {
  return font === 'system' ? undefined : WEB_FONT_FILES[font];
}
