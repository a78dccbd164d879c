import type { FontChoice } from '../config/schema.js';

/**
 * The typefaces the Typeface select offers: the config's `font` values (FONT_CHOICES in
 * src/config/schema.ts, the faces in src/site/fonts/faces.ts) with the names an operator knows
 * them by. A Record over FontChoice, so a face added to the schema fails to compile here until it
 * has a label; the values are not imported from the schema at run time, which would bring zod
 * into the admin bundle.
 */
export const FONT_LABELS: Record<FontChoice, string> = {
  inter: 'Inter',
  'source-sans-3': 'Source Sans 3',
  system: 'The device’s own font (nothing to download)',
};

/** The schema's default face (`font` left out of a config); a test holds the two together. */
export const DEFAULT_FONT: FontChoice = 'inter';

/** True for a value the config's `font` accepts. */
export function isFontChoice(v: unknown): v is FontChoice {
  return typeof v === 'string' && Object.hasOwn(FONT_LABELS, v);
}
