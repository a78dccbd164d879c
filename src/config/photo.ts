import * as z from 'zod';
import { line } from './fields.js';

const PHOTO_PATH = 'a site path like /photos/clinic.jpg (beside the config) or /uploads/photo-... (an admin upload)';

/**
 * A photo the site shows: a file named by site path (beside the config, like the logo, or an
 * admin upload under /uploads/), checked by its bytes and encoded by the site pipeline
 * (src/site/images/). Alt text is required: patients using screen readers, and search engines
 * weighing medical pages, are told what the photo shows.
 */
export const photoSchema = z.strictObject({
  src: z
    .string({ error: (i) => (i.input === undefined ? `missing; expected ${PHOTO_PATH}` : `expected ${PHOTO_PATH}`) })
    .trim()
    .max(1024, { error: `expected ${PHOTO_PATH}` })
    .refine((v) => /^\/(?!\/)[A-Za-z0-9._~\/-]+$/.test(v) && !v.split('/').slice(1).some((s) => s === '' || s.startsWith('.')), {
      error: `expected ${PHOTO_PATH}`,
    }),
  alt: line('alt text that says what the photo shows, like "Dr. Maria Lopez talking with a patient"', 200),
  // The alt text in Spanish, for the Spanish pages (issue 40 item 3; config/translations.ts).
  es: z.strictObject({ alt: line('alt text in Spanish, like "La Dra. Maria Lopez habla con un paciente"', 200) }).optional(),
});
