import * as z from 'zod';
import { line, prose } from './fields.js';
import type { Lang } from './languages.js';
import type { ServiceKey } from './services.js';

/**
 * A city's own words in Spanish (issue 40 item 3). What belongs to an entry of a list is written
 * in that entry, under `es` (a team member's `es.role` and `es.bio`, a photo's `es.alt`, a
 * special-hours entry's `es.label`), so it moves and goes with the entry. The rest is config `es`,
 * with the same field names as the English it translates (`es.localContent.whyCity`); the local
 * questions and areas are a list of their own there. A field left out shows the English text on
 * the Spanish pages, and the build names it (`spanishFallbacks`).
 */
const treatment = (name: string) => prose(`a few paragraphs in Spanish on ${name} as this clinic gives it`, 2000).optional();

export const spanishSchema = z
  .strictObject({
    description: prose('a short description of the clinic in Spanish', 400).optional(),
    localContent: z
      .strictObject({
        whyCity: prose('a paragraph in Spanish on why patients in this city choose the clinic', 1500).optional(),
        areasServed: z.array(line('a neighbourhood or town name', 60)).max(40, { error: 'expected at most 40 areas' }).optional(),
        faq: z
          .array(z.strictObject({ question: line('a question in Spanish', 200), answer: prose('an answer in Spanish', 1200) }))
          .max(10, { error: 'expected at most 10 local questions' })
          .optional(),
        treatmentText: z
          .strictObject({
            trt: treatment('TRT'),
            semaglutide: treatment('semaglutide'),
            nadTherapy: treatment('NAD+ therapy'),
            hormone_optimization: treatment('hormone optimization'),
            peptideTherapy: treatment('peptide therapy'),
            vitaminInjections: treatment('vitamin injections'),
          } satisfies Record<ServiceKey, unknown>)
          .optional(),
      })
      .prefault({}),
    costs: z
      .strictObject({
        firstVisit: prose('one or two sentences in Spanish on what a first visit costs', 300).optional(),
        insurance: prose('one plain sentence in Spanish on insurance', 300).optional(),
      })
      .optional(),
  })
  .optional();

export type SpanishWords = NonNullable<z.output<typeof spanishSchema>>;

type Alt = { alt: string; es?: { alt: string } | undefined };

/** The parts of a config its Spanish words replace (the schema's output type, structurally). */
interface Translatable {
  languages: readonly Lang[];
  description?: string | undefined;
  localContent: {
    whyCity?: string | undefined;
    areasServed: string[];
    faq: { question: string; answer: string }[];
    team: { name: string; bio?: string | undefined; role?: string | undefined; photo?: Alt | undefined; es?: { role?: string | undefined; bio?: string | undefined } | undefined }[];
    treatmentText: Partial<Record<ServiceKey, string | undefined>>;
  };
  costs?: { firstVisit?: string | undefined; insurance?: string | undefined } | undefined;
  specialHours: { label: string; es?: { label: string } | undefined }[];
  photos: { hero?: Alt | undefined; gallery: Alt[] };
  es?: SpanishWords | undefined;
}

/**
 * The config as its pages in `lang` read it: in Spanish, each of its own words replaced by the
 * Spanish version it gives, the others kept (the English text: spanishFallbacks names them).
 */
export function configIn<C extends Translatable>(config: C, lang: Lang): C {
  if (lang === 'en') return config;
  const es = config.es;
  const local = config.localContent;
  const l = es?.localContent;
  const treatmentText = { ...local.treatmentText };
  for (const [k, v] of Object.entries(l?.treatmentText ?? {})) if (v && treatmentText[k as ServiceKey]) treatmentText[k as ServiceKey] = v;
  const alt = <P extends Alt | undefined>(p: P): P => (p?.es ? { ...p, alt: p.es.alt } : p);
  return {
    ...config,
    ...(config.description && es?.description ? { description: es.description } : {}),
    localContent: {
      ...local,
      ...(local.whyCity && l?.whyCity ? { whyCity: l.whyCity } : {}),
      ...(local.areasServed.length && l?.areasServed ? { areasServed: l.areasServed } : {}),
      ...(local.faq.length && l?.faq ? { faq: l.faq } : {}),
      team: local.team.map((m) => ({
        ...m,
        ...(m.bio && m.es?.bio ? { bio: m.es.bio } : {}),
        ...(m.role && m.es?.role ? { role: m.es.role } : {}),
        ...(m.photo ? { photo: alt(m.photo) } : {}),
      })),
      treatmentText,
    },
    ...(config.costs
      ? {
          costs: {
            ...config.costs,
            ...(config.costs.firstVisit && es?.costs?.firstVisit ? { firstVisit: es.costs.firstVisit } : {}),
            ...(config.costs.insurance && es?.costs?.insurance ? { insurance: es.costs.insurance } : {}),
          },
        }
      : {}),
    specialHours: config.specialHours.map((e) => (e.es ? { ...e, label: e.es.label } : e)),
    photos: { ...config.photos, ...(config.photos.hero ? { hero: alt(config.photos.hero) } : {}), gallery: config.photos.gallery.map(alt) },
  };
}

/**
 * The fields of a city publishing Spanish that it gives in English only: its Spanish pages show
 * them in English. `build` warns of each, `build --strict` fails on them. Empty for a city in
 * English only, or one that translated every field it has.
 */
export function spanishFallbacks(config: Translatable): string[] {
  if (!config.languages.includes('es')) return [];
  const es = config.es;
  const l = es?.localContent;
  const out: string[] = [];
  const local = config.localContent;
  if (config.description && !es?.description) out.push('es.description');
  if (local.whyCity && !l?.whyCity) out.push('es.localContent.whyCity');
  if (local.areasServed.length && !l?.areasServed) out.push('es.localContent.areasServed');
  if (local.faq.length && !l?.faq) out.push('es.localContent.faq');
  for (const [k, v] of Object.entries(local.treatmentText)) if (v && !l?.treatmentText?.[k as ServiceKey]) out.push(`es.localContent.treatmentText.${k}`);
  if (config.costs?.firstVisit && !es?.costs?.firstVisit) out.push('es.costs.firstVisit');
  if (config.costs?.insurance && !es?.costs?.insurance) out.push('es.costs.insurance');
  local.team.forEach((m, i) => {
    if (m.role && !m.es?.role) out.push(`localContent.team[${i}].es.role`);
    if (m.bio && !m.es?.bio) out.push(`localContent.team[${i}].es.bio`);
    if (m.photo && !m.photo.es) out.push(`localContent.team[${i}].photo.es.alt`);
  });
  config.specialHours.forEach((e, i) => {
    if (!e.es) out.push(`specialHours[${i}].es.label`);
  });
  if (config.photos.hero && !config.photos.hero.es) out.push('photos.hero.es.alt');
  config.photos.gallery.forEach((p, i) => {
    if (!p.es) out.push(`photos.gallery[${i}].es.alt`);
  });
  return out;
}

/** A site's encoded photos with the alt texts of `lang` where the config gives them (the files are the same). */
export function photosIn<P extends { hero?: { alt: string } | undefined; gallery: { alt: string }[]; team: ({ alt: string } | null)[] }>(
  photos: P,
  config: Pick<Translatable, 'photos' | 'localContent'>,
  lang: Lang,
): P {
  if (lang === 'en') return photos;
  const hero = config.photos.hero?.es?.alt;
  return {
    ...photos,
    ...(photos.hero && hero ? { hero: { ...photos.hero, alt: hero } } : {}),
    gallery: photos.gallery.map((p, i) => {
      const a = config.photos.gallery[i]?.es?.alt;
      return a ? { ...p, alt: a } : p;
    }),
    team: photos.team.map((p, i) => {
      const a = config.localContent.team[i]?.photo?.es?.alt;
      return p && a ? { ...p, alt: a } : p;
    }),
  };
}
