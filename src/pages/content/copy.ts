/**
 * The page copy in each language (issue 40): the English modules beside this file and their
 * Spanish counterparts in `es/`, each with the same exports of the same types, so a page reads its
 * copy as `copyOf(site.lang).trt.TRT_OPTIONS` and a Spanish page can never lack a text the English
 * one has (tsc fails on a missing or changed export: `ES` is typed as the English set).
 */
import type { Lang } from '../../config/languages.js';
import * as about from './about.js';
import * as actionBar from './action-bar.js';
import * as contact from './contact.js';
import * as header from './header.js';
import * as costs from './costs.js';
import * as home from './home.js';
import * as hormone from './hormone.js';
import * as legalContact from './legal-contact.js';
import * as location from './location.js';
import * as nad from './nad.js';
import * as pages from './pages.js';
import * as peptide from './peptide.js';
import * as privacy from './privacy.js';
import * as semaglutide from './semaglutide.js';
import * as terms from './terms.js';
import * as trt from './trt.js';
import * as ui from './ui.js';
import * as visit from './visit.js';
import * as vitamins from './vitamins.js';
import * as esAbout from './es/about.js';
import * as esActionBar from './es/action-bar.js';
import * as esContact from './es/contact.js';
import * as esHeader from './es/header.js';
import * as esCosts from './es/costs.js';
import * as esHome from './es/home.js';
import * as esHormone from './es/hormone.js';
import * as esLegalContact from './es/legal-contact.js';
import * as esLocation from './es/location.js';
import * as esNad from './es/nad.js';
import * as esPages from './es/pages.js';
import * as esPeptide from './es/peptide.js';
import * as esPrivacy from './es/privacy.js';
import * as esSemaglutide from './es/semaglutide.js';
import * as esTerms from './es/terms.js';
import * as esTrt from './es/trt.js';
import * as esUi from './es/ui.js';
import * as esVisit from './es/visit.js';
import * as esVitamins from './es/vitamins.js';

const EN = { about, actionBar, contact, costs, header, home, hormone, legalContact, location, nad, pages, peptide, privacy, semaglutide, terms, trt, ui, visit, vitamins };

/** Every copy module of one language, by name. */
export type Copy = typeof EN;

const ES: Copy = {
  about: esAbout,
  actionBar: esActionBar,
  contact: esContact,
  costs: esCosts,
  header: esHeader,
  home: esHome,
  hormone: esHormone,
  legalContact: esLegalContact,
  location: esLocation,
  nad: esNad,
  pages: esPages,
  peptide: esPeptide,
  privacy: esPrivacy,
  semaglutide: esSemaglutide,
  terms: esTerms,
  trt: esTrt,
  ui: esUi,
  visit: esVisit,
  vitamins: esVitamins,
};

/** The copy of each language. */
export const COPY: Record<Lang, Copy> = { en: EN, es: ES };

/** The page copy of `lang`. */
export function copyOf(lang: Lang): Copy {
  return COPY[lang];
}
