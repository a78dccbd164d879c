import * as z from 'zod';
import { line, prose } from './fields.js';
import { photoSchema } from './photo.js';
import type { ServiceKey } from './services.js';

/**
 * A city's local content (config `localContent`): what only this clinic can say of itself, which
 * keeps its site from reading as a copy of another city's (the doorway check, src/check/).
 */

const teamMember = z.strictObject({
  name: line('a name like Dr. Maria Lopez', 80),
  credentials: line('credentials like MD, board-certified in internal medicine', 120),
  role: line('a role like Medical Director', 80).optional(),
  bio: prose('a short biography', 600).optional(),
  photo: photoSchema.optional(),
  // The role and biography in Spanish, for the Spanish pages (issue 40 item 3; config/translations.ts).
  es: z
    .strictObject({
      role: line('a role in Spanish like Director médico', 80).optional(),
      bio: prose('a short biography in Spanish', 600).optional(),
    })
    .optional(),
});

const faqItem = z.strictObject({
  question: line('a question', 200),
  answer: prose('an answer', 1200),
});

/** A clinic's own text on one treatment (localContent.treatmentText): how this clinic gives it, in its own words. */
function treatmentText(name: string) {
  return prose(`a few paragraphs on ${name} as this clinic gives it`, 2000).optional();
}

export const localContentSchema = z
  .strictObject({
    team: z.array(teamMember).max(12, { error: 'expected at most 12 team members' }).default([]),
    areasServed: z
      .array(line('a neighbourhood or town name', 60))
      .max(40, { error: 'expected at most 40 areas' })
      .default([]),
    faq: z.array(faqItem).max(10, { error: 'expected at most 10 local questions' }).default([]),
    whyCity: prose('a paragraph on why patients in this city choose the clinic', 1500).optional(),
    /**
     * A treatment as this clinic gives it, in its own words (issue 36 item 2): on its stand-alone
     * site a section of the treatment's page; on a brand site, where a treatment's page is the
     * brand's, once, the location's own page of that treatment (NOTES.md decision 16).
     */
    treatmentText: z
      .strictObject({
        trt: treatmentText('TRT'),
        semaglutide: treatmentText('semaglutide'),
        nadTherapy: treatmentText('NAD+ therapy'),
        hormone_optimization: treatmentText('hormone optimization'),
        peptideTherapy: treatmentText('peptide therapy'),
        vitaminInjections: treatmentText('vitamin injections'),
      } satisfies Record<ServiceKey, unknown>)
      .prefault({}),
  })
  .prefault({});
