/**
 * Shapes of the static copy (spec section 3, "Static content shapes"). Copy lives in typed data
 * modules beside this file, apart from markup; functions take the resolved Site only where the
 * copy names the clinic, the city or the state. Strings are plain text: the components escape them.
 */
import type { ServiceKey } from '../../config/schema.js';
import type { IconName } from '../components/icons.js';

/** Title and meta description of a page. */
export interface PageMeta {
  title: string;
  description: string;
}

/** Spec: service card (title, description, icon, color, link, features list). */
export interface ServiceCard {
  title: string;
  description: string;
  icon: IconName;
  /** Accent of the card's icon tile. */
  color: 'brand' | 'emerald' | 'amber' | 'violet' | 'rose' | 'sky';
  link: string;
  features: string[];
}

/** Spec: FAQ item (question, answer). */
export interface FaqItem {
  question: string;
  answer: string;
  /** The city's own sentence after the answer (its word on insurance), its own paragraph. */
  more?: string;
  /** The service the question is about, when it is about one: it is left out where that is off. */
  service?: ServiceKey;
}

/** Spec: process step (step number, title, description). */
export interface ProcessStep {
  step: number;
  title: string;
  description: string;
}

/** A benefit, value, treatment option, specialty or condition with a short explanation. */
export interface Point {
  title: string;
  description: string;
  icon?: IconName;
  /** The service the point is about, when it is about one: it is left out where that is off. */
  service?: ServiceKey;
}

/**
 * A paragraph of a legal page: plain text, or runs of text and links. A link goes to a page of the
 * site (`route`, linked relative to the page) or elsewhere (`href`: the clinic's tel: and mailto:);
 * `nowrap` keeps a link on one line (a phone number).
 */
export type LegalParagraph = string | (string | { text: string; route: string } | { text: string; href: string; nowrap?: true })[];

/** A section of a legal page. */
export interface LegalSection {
  heading: string;
  paragraphs: LegalParagraph[];
  list?: string[];
  subsections?: { heading: string; paragraphs: LegalParagraph[]; list?: string[] }[];
  /** The clinic's name, address, phone and email, one line each, set as the section's address. */
  contact?: LegalParagraph[];
}

/** The hero at the top of a page. */
export interface Hero {
  eyebrow?: string;
  title: string;
  lead: string;
}

/** Copy of a service page that is not one of the spec's three (hormone, peptide, vitamin). */
export interface ServicePageCopy {
  meta: (site: import('../page-model.js').Site) => PageMeta;
  hero: (site: import('../page-model.js').Site) => Hero;
  intro: string[];
  sections: { title: string; lead?: string; points: Point[] }[];
  steps: ProcessStep[];
  /** Safety notes: who should not use it, what is monitored, what it does not promise. */
  safety: string[];
  cta: (site: import('../page-model.js').Site) => { title: string; lead: string };
}
