/**
 * The texts a patient reads on a site (the contact form's, the site's own and the location
 * finder's) in each language (issue 40): the English audience files and their Spanish
 * counterparts in `es/`, typed as the English ones so neither can lack an entry the other has.
 * They are not in MESSAGES (catalogue.ts): their names are the English entries' names.
 */
import * as contact from './contact.js';
import * as esContact from './es/contact.js';
import * as esFinder from './es/finder.js';
import * as esSite from './es/site.js';
import * as finder from './finder.js';
import * as site from './site.js';

export interface SiteTexts {
  contact: typeof contact;
  site: typeof site;
  finder: typeof finder;
}

/** The patient's texts of each language. */
// The languages of config/languages.ts, named here: texts is the lowest layer and imports nothing above it.
export const SITE_TEXTS: Record<'en' | 'es', SiteTexts> = {
  en: { contact, site, finder },
  es: { contact: esContact, site: esSite, finder: esFinder },
};
