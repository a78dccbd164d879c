/**
 * The Spanish (es-US) glossary of the site's copy (issue 40 item 2): each term the pages use
 * throughout, said one way on every page, so a patient never reads two names for one treatment.
 * The Spanish copy in this folder uses these words; `glossary.test.ts` checks that it does not use
 * the alternatives listed in `avoid`.
 */
export interface GlossaryEntry {
  /** The English term as the English copy says it. */
  en: string;
  /** How every Spanish page says it. */
  es: string;
  /** Words a translator might reach for that this copy does not use, so the pages agree. */
  avoid?: string[];
}

export const GLOSSARY = {
  trt: { en: 'TRT (testosterone replacement therapy)', es: 'TRT (terapia de reemplazo de testosterona)', avoid: ['terapia de sustitución de testosterona', 'TRH'] },
  trtShort: { en: 'TRT Therapy', es: 'Terapia TRT' },
  testosterone: { en: 'testosterone', es: 'testosterona' },
  lowTestosterone: { en: 'low testosterone', es: 'testosterona baja', avoid: ['testosterona reducida'] },
  hypogonadism: { en: 'hypogonadism', es: 'hipogonadismo' },
  semaglutide: { en: 'semaglutide', es: 'semaglutida', avoid: ['semaglutide '] },
  semaglutideService: { en: 'Semaglutide Weight Loss', es: 'Pérdida de peso con semaglutida' },
  nad: { en: 'NAD+ therapy', es: 'terapia con NAD+', avoid: ['terapia de NAD+'] },
  hormone: { en: 'Hormone Optimization', es: 'Optimización hormonal' },
  peptide: { en: 'Peptide Therapy', es: 'Terapia con péptidos' },
  vitamins: { en: 'Vitamin Injections', es: 'Inyecciones de vitaminas' },
  consultation: { en: 'consultation', es: 'consulta', avoid: ['cita de consulta'] },
  scheduleConsultation: { en: 'Schedule Consultation', es: 'Programar consulta', avoid: ['Agendar consulta', 'Reservar consulta'] },
  generalConsultation: { en: 'General Consultation', es: 'Consulta general' },
  provider: { en: 'licensed provider', es: 'profesional de la salud con licencia', avoid: ['proveedor'] },
  offLabel: { en: 'off-label', es: 'fuera de indicación (off-label)' },
  compounded: { en: 'compounded medication', es: 'medicamento compuesto', avoid: ['preparado magistral'] },
  fdaApproved: { en: 'FDA-approved', es: 'aprobado por la FDA' },
  labWork: { en: 'blood tests / lab work', es: 'análisis de sangre', avoid: ['exámenes de laboratorio'] },
  weightLoss: { en: 'weight loss', es: 'pérdida de peso', avoid: ['adelgazamiento'] },
  mensHealth: { en: "men's health clinic", es: 'clínica de salud masculina', avoid: ['clínica de salud para hombres'] },
  hcg: { en: 'HCG (human chorionic gonadotropin)', es: 'HCG (gonadotropina coriónica humana)' },
  enclomiphene: { en: 'enclomiphene', es: 'enclomifeno' },
  about: { en: 'About', es: 'Nosotros' },
  contact: { en: 'Contact', es: 'Contacto' },
  home: { en: 'Home', es: 'Inicio' },
  privacy: { en: 'Privacy Policy', es: 'Política de privacidad' },
  terms: { en: 'Terms of Service', es: 'Términos del servicio' },
} satisfies Record<string, GlossaryEntry>;
