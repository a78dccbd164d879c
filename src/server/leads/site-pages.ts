import { LANGS, siteLanguages, type Lang } from '../../config/languages.js';
import type { Services } from '../../config/services.js';
import { siteRoutes } from '../../pages/routes.js';
import type { KnownSite } from './site-directory.js';

/**
 * The pages of a city site a contact post answers with, in each language (issue 40), read from the
 * one route table (src/pages/routes.ts) so a translated path is never spelled twice: the contact
 * page (`contact/`, `es/contacto/`) and the confirmation beside it (`contact/sent/`,
 * `es/contacto/enviado/`), relative to the site, with the contact page's name.
 */
export interface SitePages {
  contact: string;
  sent: string;
  /** The contact page's name in the header ("Contact", "Contacto"). */
  contactName: string;
}

/** Every site has these pages, whatever its services: read once, from a config of none. */
const PAGES = Object.fromEntries(
  LANGS.map((lang) => {
    const routes = siteRoutes({ services: {} as Services, bookingUrl: undefined }, lang);
    const at = (id: 'contact' | 'contactSent') => routes.find((r) => r.id === id)!;
    return [lang, { contact: at('contact').path.slice(1), sent: at('contactSent').path.slice(1), contactName: at('contact').nav ?? at('contact').path }];
  }),
) as Record<Lang, SitePages>;

export const sitePages = (lang: Lang): SitePages => PAGES[lang];

/**
 * The language a post is answered in: the one its form said, when the site publishes it (or this
 * server does not have its config to ask); else English, the root every site has. A script may
 * send `language: es` to a site with no Spanish pages: it is then answered from the English ones.
 */
export function answerLanguage(lang: Lang, known: KnownSite | undefined): Lang {
  const config = known?.config;
  if (!config || lang === 'en') return lang;
  return siteLanguages(config.languages).includes(lang) ? lang : 'en';
}
