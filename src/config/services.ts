import type { Lang } from './languages.js';

/** The six service switches of a clinic config (spec section 3); the schema is built from this list. */
export type ServiceKey = 'trt' | 'semaglutide' | 'nadTherapy' | 'peptideTherapy' | 'vitaminInjections' | 'hormone_optimization';

/** Which services a site offers. */
export type Services = Record<ServiceKey, boolean>;

/**
 * The one list of services. It drives the service pages, the nav, the home cards, the footer links,
 * the sitemap and the contact-form options (docs/decisions/008-service-toggles.md).
 */
export interface ServiceDef {
  key: ServiceKey;
  /** Route of the service page. */
  path: string;
  /** File the page is written to. */
  file: string;
  /** Label in the header nav; only the three services of the spec's nav have one. */
  navLabel?: string;
  /** Label in the footer's service links and the contact form's Service Interest options. */
  label: string;
  /** The spec's three headline services get the main home cards; the others a smaller row. */
  core: boolean;
}

export const SERVICES: readonly ServiceDef[] = [
  { key: 'trt', path: '/trt-therapy/', file: 'trt-therapy/index.html', navLabel: 'TRT Therapy', label: 'TRT Therapy', core: true },
  { key: 'semaglutide', path: '/semaglutide/', file: 'semaglutide/index.html', navLabel: 'Semaglutide', label: 'Semaglutide Weight Loss', core: true },
  { key: 'nadTherapy', path: '/nad-therapy/', file: 'nad-therapy/index.html', navLabel: 'NAD+ Therapy', label: 'NAD+ Therapy', core: true },
  { key: 'hormone_optimization', path: '/hormone-optimization/', file: 'hormone-optimization/index.html', label: 'Hormone Optimization', core: false },
  { key: 'peptideTherapy', path: '/peptide-therapy/', file: 'peptide-therapy/index.html', label: 'Peptide Therapy', core: false },
  { key: 'vitaminInjections', path: '/vitamin-injections/', file: 'vitamin-injections/index.html', label: 'Vitamin Injections', core: false },
];

/** Spec section 3: trt, semaglutide, nadTherapy and hormone_optimization on; the other two off. */
export const DEFAULT_SERVICES: Services = {
  trt: true,
  semaglutide: true,
  nadTherapy: true,
  peptideTherapy: false,
  vitaminInjections: false,
  hormone_optimization: true,
};

/** The contact form's catch-all option (spec section 3). */
export const GENERAL_CONSULTATION = 'General Consultation';

/** Services switched on in a config, in catalogue order. */
export function enabledServices(services: Services): ServiceDef[] {
  return SERVICES.filter((s) => services[s.key]);
}

/** The contact form's service options: the enabled services, then General Consultation. */
export function serviceOptions(services: Services): string[] {
  return [...enabledServices(services).map((s) => s.label), GENERAL_CONSULTATION];
}

/** Every label a contact message may carry, whatever a site has switched on. */
export const ALL_SERVICE_OPTIONS: readonly string[] = [...SERVICES.map((s) => s.label), GENERAL_CONSULTATION];

/**
 * Each service's label in Spanish (issue 40; the glossary, src/pages/content/es/glossary.ts), and
 * the catch-all's: what a Spanish page shows. A message still carries the English label as its
 * value, whichever page it was sent from, so the inbox and its filters see one name a service.
 */
export const SPANISH_LABELS: Record<ServiceKey, { label: string; navLabel?: string }> = {
  trt: { label: 'Terapia TRT', navLabel: 'Terapia TRT' },
  semaglutide: { label: 'Pérdida de peso con semaglutida', navLabel: 'Semaglutida' },
  nadTherapy: { label: 'Terapia con NAD+', navLabel: 'Terapia con NAD+' },
  hormone_optimization: { label: 'Optimización hormonal' },
  peptideTherapy: { label: 'Terapia con péptidos' },
  vitaminInjections: { label: 'Inyecciones de vitaminas' },
};
export const GENERAL_CONSULTATION_ES = 'Consulta general';

/** A service option's label as a page in `lang` shows it: the English value itself, or its Spanish label. */
export function optionLabel(value: string, lang: Lang): string {
  if (lang === 'en') return value;
  if (value === GENERAL_CONSULTATION) return GENERAL_CONSULTATION_ES;
  const s = SERVICES.find((d) => d.label === value);
  return s ? SPANISH_LABELS[s.key].label : value;
}

/** A service's label in `lang`. */
export function serviceLabel(s: Pick<ServiceDef, 'key' | 'label'>, lang: Lang): string {
  return lang === 'es' ? SPANISH_LABELS[s.key].label : s.label;
}
