import type { BrandInput } from '../config/brand.js';
import type { ClinicConfigInput, ServiceKey } from '../config/schema.js';
import { SERVICES } from '../config/services.js';

/**
 * A city's own words in Spanish on the admin form (issue 40; config `es`, src/config/translations.ts)
 * and back. The form holds them as typed, at the config's own paths (`es.localContent.whyCity`), so
 * a server error key lands on its input unchanged (formFieldOf). A field left empty is left out of
 * the config: its Spanish page shows the English text, and the build names it.
 */
export interface SpanishForm {
  description: string;
  localContent: {
    whyCity: string;
    /** One area a line, like the English list. */
    areasServed: string;
    /** The Spanish pages' own local questions: a list of its own, not a translation row by row. */
    faq: { question: string; answer: string }[];
    treatmentText: Record<ServiceKey, string>;
  };
  costs: { firstVisit: string; insurance: string };
}

type SpanishConfig = NonNullable<ClinicConfigInput['es']>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const opt = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s.trim());

/** The config's Spanish words as the form holds them ('' where none). */
export function spanishFormOf(es: ClinicConfigInput['es'] | undefined): SpanishForm {
  const l = es?.localContent;
  return {
    description: str(es?.description),
    localContent: {
      whyCity: str(l?.whyCity),
      areasServed: Array.isArray(l?.areasServed) ? l.areasServed.join('\n') : '',
      faq: Array.isArray(l?.faq) ? l.faq.map((f) => ({ question: str(f.question), answer: str(f.answer) })) : [],
      treatmentText: Object.fromEntries(SERVICES.map((s) => [s.key, str(l?.treatmentText?.[s.key])])) as Record<ServiceKey, string>,
    },
    costs: { firstVisit: str(es?.costs?.firstVisit), insurance: str(es?.costs?.insurance) },
  };
}

/**
 * The config's `es` from the form: trimmed, each empty field left out, and `es` itself when none is
 * left. A treatment's text is saved for the services switched on, as the English one is.
 */
export function spanishConfigOf(es: SpanishForm, services: Record<ServiceKey, boolean>): ClinicConfigInput['es'] {
  const l = es.localContent;
  const areas = (l?.areasServed ?? '').split('\n').map((a) => a.trim()).filter(Boolean);
  const faq = (l?.faq ?? []).map((f) => ({ question: f.question.trim(), answer: f.answer.trim() }));
  const texts = SERVICES.flatMap((s) => {
    const t = opt(l?.treatmentText?.[s.key]);
    return services[s.key] && t ? [[s.key, t] as const] : [];
  });
  const localContent = {
    ...(opt(l?.whyCity) ? { whyCity: l.whyCity.trim() } : {}),
    ...(areas.length ? { areasServed: areas } : {}),
    ...(faq.length ? { faq } : {}),
    ...(texts.length ? { treatmentText: Object.fromEntries(texts) } : {}),
  };
  const costs = { ...(opt(es.costs?.firstVisit) ? { firstVisit: es.costs.firstVisit.trim() } : {}), ...(opt(es.costs?.insurance) ? { insurance: es.costs.insurance.trim() } : {}) };
  const out: SpanishConfig = {
    ...(opt(es.description) ? { description: es.description.trim() } : {}),
    ...(Object.keys(localContent).length ? { localContent } : {}),
    ...(Object.keys(costs).length ? { costs } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/**
 * An entry's Spanish words (a team member's `es`, a special-hours entry's, a photo's): trimmed,
 * the empty ones left out, and `{}` (no `es` at all) when none is left.
 */
export function entryEs<T extends Record<string, string | undefined>>(es: T | undefined): { es?: { [K in keyof T]: string } } {
  const given = Object.entries(es ?? {}).flatMap(([k, v]) => (opt(v) ? [[k, v!.trim()] as const] : []));
  return given.length ? { es: Object.fromEntries(given) as { [K in keyof T]: string } } : {};
}

/** The brand settings' languages and Spanish description (config/brand.ts) from the form: English alone and an empty text left out. */
export function brandLanguagesOf(v: { spanish: boolean; es?: Pick<SpanishForm, 'description'> }): Pick<BrandInput, 'languages' | 'es'> {
  const description = opt(v.es?.description);
  return { ...(v.spanish ? { languages: ['en', 'es'] } : {}), ...(description ? { es: { description } } : {}) };
}
