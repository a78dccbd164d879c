/**
 * Copy of the About page (spec section 2, "/about"): mission, four values, approach, three
 * specialties and the default 'Why {city}' text.
 */
import type { Site } from '../page-model.js';
import { offeredCare } from './home.js';
import type { Hero, PageMeta, Point } from './types.js';

/** Title and description of the About page. */
export function aboutMeta(site: Site): PageMeta {
  return {
    title: `About ${site.name} | Men's Health in ${site.city}, ${site.stateCode}`,
    description: `${site.name} offers physician-supervised ${offeredCare(site, 3)} to men in ${site.city}, ${site.stateCode}.`,
  };
}

/** Hero of the About page. */
export function aboutHero(site: Site): Hero {
  return {
    eyebrow: `About ${site.name}`,
    title: `Men's Health Care in ${site.city}`,
    lead: 'We help men understand what is behind their symptoms and offer treatment that is evidence-based, personalized and carefully monitored.',
  };
}

/** The mission paragraphs. */
export function mission(site: Site): string[] {
  return [
    `${site.name} exists to give men in ${site.city} and the surrounding area straightforward, medically sound care, including ${offeredCare(site)}.`,
    'Many men live with fatigue, weight gain or low drive for years because they are told it is just part of getting older. Our mission is to take those concerns seriously, find the cause through a proper evaluation and lab work, and offer treatment only when it is appropriate and safe.',
  ];
}

/** The four values, each with an icon. */
export const VALUES: Point[] = [
  {
    title: 'Patient-First Care',
    description: 'We listen to your concerns and goals, and every recommendation starts with what is right for you.',
    icon: 'heart',
  },
  {
    title: 'Evidence-Based Medicine',
    description: 'We rely on lab results and current medical evidence, and we are honest about what a treatment can and cannot do.',
    icon: 'flask',
  },
  {
    title: 'Safety and Monitoring',
    description: 'Every treatment is prescribed by a licensed provider and followed by regular check-ins and lab work.',
    icon: 'shield',
  },
  {
    title: 'Clear Communication',
    description: 'We explain your results, options, risks and costs in plain language so you can make informed decisions.',
    icon: 'users',
  },
];

/** The approach paragraphs. */
export const APPROACH: string[] = [
  'Care begins with a consultation with a licensed provider, who reviews your symptoms, health history, medications and goals. Lab work follows, so that any diagnosis is based on measurable results rather than guesswork.',
  'If treatment is appropriate, your provider explains the options, their benefits and risks, and what monitoring each one requires. Your plan is personal: it reflects your results, your health and your preferences, and it includes guidance on nutrition, exercise and sleep.',
  'Treatment is never set and forgotten. Regular follow-up visits and repeat lab work let us track your progress, adjust doses and catch side effects early. If something is outside our scope, we will tell you and recommend seeing your primary care physician or a specialist.',
];

/** The three specialties. */
export const SPECIALTIES: Point[] = [
  {
    service: 'trt',
    title: 'Testosterone Replacement Therapy',
    description: 'Diagnosis of low testosterone with lab work, and treatment with injectable or oral options under ongoing monitoring.',
    icon: 'syringe',
  },
  {
    service: 'semaglutide',
    title: 'Medical Weight Loss',
    description: 'Semaglutide-based weight-loss programs with weekly injections, medical monitoring and lifestyle support.',
    icon: 'scale',
  },
  {
    service: 'nadTherapy',
    title: 'NAD+ and Anti-Aging',
    description: 'NAD+ therapy and healthy-aging care built on a health assessment, biomarker testing and a personalized protocol.',
    icon: 'sparkles',
  },
];

/** Default 'Why {city}' paragraphs, used when a config gives no local text. */
export function defaultWhyCity(site: Site): string[] {
  return [
    `${site.name} brings focused men's health care to ${site.city}, ${site.stateName}. Patients can see a licensed provider close to home instead of traveling for specialized care such as ${offeredCare(site)}.`,
    `Because these treatments depend on regular follow-up visits and lab work, having a clinic nearby makes it easier to stay on track. Our ${site.city} team coordinates your visits, lab work and follow-up so your care stays consistent from the first consultation onward.`,
  ];
}

/** The clinic's description where its config gives none: the meta description of its home page and its JSON-LD. */
export function defaultDescription(name: string, city: string, stateName: string): string {
  return `${name} is a men's health clinic in ${city}, ${stateName}, offering physician-supervised testosterone replacement therapy, medical weight loss and NAD+ therapy.`;
}
