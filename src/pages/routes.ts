import type { ClinicConfig } from '../config/schema.js';
import { LANGUAGE_INFO, type Lang } from '../config/languages.js';
import { enabledServices, SERVICES, SPANISH_LABELS, type ServiceDef, type ServiceKey } from '../config/services.js';
import { copyOf, type Copy } from './content/copy.js';
import type { Hero } from './content/types.js';
import type { Site } from './page-model.js';

/** A page of the generated site. One table drives the nav, the sitemap and the files written. */
export interface RouteDef {
  id: PageId;
  path: string;
  file: string;
  /** Label in the header nav, when the page is in it. */
  nav?: string;
  /** A page for visitors who got there, not for search engines: noindex, and not in sitemap.xml. */
  noindex?: true;
  /**
   * The page's h1 (the same copy function the page renders), for a page with a social card of its
   * own: a shared link promises what the page says. Absent, the page shares the home page's card.
   */
  headline?: (site: Site) => string;
  /** The service of a contact page's copy for one service (`/contact/trt-therapy/`): its form opens with the service chosen. */
  service?: ServiceKey;
  /** The language of the page; its counterparts in the site's other languages have the same id and service (`counterparts`). */
  lang: Lang;
}

export type PageId =
  | 'home'
  | 'trt'
  | 'semaglutide'
  | 'nadTherapy'
  | 'hormone_optimization'
  | 'peptideTherapy'
  | 'vitaminInjections'
  | 'about'
  | 'contact'
  | 'contactSent'
  | 'serviceContact'
  | 'privacy'
  | 'terms';

/**
 * The heroes of the pages with a social card of their own. The legal pages, the confirmation page
 * and the not-found page show the home page's card: nobody shares them to tell others about a
 * clinic, and each card costs a drawing per city.
 */
const HEROES: Partial<Record<PageId, (copy: Copy) => (site: Site) => Hero>> = {
  home: (c) => c.home.homeHero,
  trt: (c) => c.trt.trtHero,
  semaglutide: (c) => c.semaglutide.semaglutideHero,
  nadTherapy: (c) => c.nad.nadHero,
  hormone_optimization: (c) => c.hormone.HORMONE_PAGE.hero,
  peptideTherapy: (c) => c.peptide.PEPTIDE_PAGE.hero,
  vitaminInjections: (c) => c.vitamins.VITAMIN_PAGE.hero,
  about: (c) => c.about.aboutHero,
  contact: (c) => c.contact.contactHero,
};

function withHeadline(route: RouteDef): RouteDef {
  const hero = HEROES[route.id]?.(copyOf(route.lang));
  return hero ? { ...route, headline: (site: Site) => hero(site).title } : route;
}

/**
 * Each page's path segment and header label in Spanish (issue 40: one route table for both
 * languages, translated paths, as Astro's and Hugo's i18n routing): `/trt-therapy/` is
 * `/es/terapia-de-testosterona/`. The glossary (content/es/glossary.ts) names the treatments.
 */
const SPANISH: Record<Exclude<PageId, 'serviceContact'>, { segment: string; nav?: string }> = {
  home: { segment: '', nav: copyOf('es').ui.HOME },
  trt: { segment: 'terapia-de-testosterona/', nav: SPANISH_LABELS.trt.navLabel! },
  semaglutide: { segment: 'semaglutida/', nav: SPANISH_LABELS.semaglutide.navLabel! },
  nadTherapy: { segment: 'terapia-con-nad/', nav: SPANISH_LABELS.nadTherapy.navLabel! },
  hormone_optimization: { segment: 'optimizacion-hormonal/' },
  peptideTherapy: { segment: 'terapia-con-peptidos/' },
  vitaminInjections: { segment: 'inyecciones-de-vitaminas/' },
  about: { segment: 'nosotros/', nav: copyOf('es').ui.ABOUT },
  contact: { segment: 'contacto/', nav: copyOf('es').ui.CONTACT },
  contactSent: { segment: 'contacto/enviado/' },
  privacy: { segment: 'privacidad/' },
  terms: { segment: 'terminos/' },
};

const ENGLISH_PATHS: Record<Exclude<PageId, 'serviceContact'>, string> = {
  home: '/',
  ...(Object.fromEntries(SERVICES.map((s) => [s.key, s.path])) as Record<ServiceKey, string>),
  about: '/about/',
  contact: '/contact/',
  contactSent: '/contact/sent/',
  privacy: '/privacy/',
  terms: '/terms/',
};

/**
 * A page's path in `lang` from a site's root, whether or not a config has it: `/trt-therapy/`,
 * `/es/terapia-de-testosterona/`. With `root`, from that root instead of the language's own
 * (a location's Spanish pages on a brand site sit in its Spanish folder: `/terapia-de-testosterona/`).
 */
export function pathIn(id: Exclude<PageId, 'serviceContact'>, lang: Lang, root: string = LANGUAGE_INFO[lang].root): string {
  return lang === 'en' ? ENGLISH_PATHS[id] : `${root}${SPANISH[id].segment}`;
}

/** A page's route in Spanish: the English route with its path and label translated. */
function inSpanish(route: RouteDef, root: string): RouteDef {
  const { nav: _nav, ...rest } = route;
  const path =
    route.id === 'serviceContact'
      ? `${root}${SPANISH.contact.segment}${SPANISH[route.service!].segment}`
      : `${root}${SPANISH[route.id].segment}`;
  const nav = route.nav && route.id !== 'serviceContact' ? SPANISH[route.id].nav : undefined;
  return { ...rest, path, file: `${path.slice(1)}index.html`, lang: 'es', ...(nav ? { nav } : {}) };
}

/** What decides a site's pages: the services it offers, and whether it has a booking page of its own. */
export type RouteConfig = Pick<ClinicConfig, 'services' | 'bookingUrl'> & Partial<Pick<ClinicConfig, 'languages'>> & {
  /**
   * Where the Spanish pages start: `/es/` (absent) on a city's own site; `/` for a location's
   * Spanish pages on a brand site, which have a folder of their own (Placement.lang; page-model.ts
   * resolveSite sets it, with `languages` the placement's one language).
   */
  spanishRoot?: string;
};

/**
 * The route config of a location's pages placed in `lang` on a brand site (issue 40 item 5): that
 * language alone, its Spanish pages at its Spanish folder's root (`/contacto/`).
 */
export function placedRoutes<C extends RouteConfig>(config: C, lang: Lang): C {
  return { ...config, languages: [lang], ...(lang === 'es' ? { spanishRoot: '/' } : {}) };
}

/**
 * Every page a config's services switch on, in nav order, then the pages that are not in the nav.
 * A city without a booking page (NOTES.md decision 11) also gets a copy of its contact page per
 * service, its form opening with that service chosen, for the service page's Schedule Consultation
 * (docs/decisions/023-service-contact-pages.md): noindex, so out of sitemap.xml.
 */
export function siteRoutes({ services, bookingUrl, spanishRoot }: RouteConfig, lang: Lang = 'en'): RouteDef[] {
  const routes: RouteDef[] = [
    { id: 'home', path: '/', file: 'index.html', nav: 'Home', lang: 'en' },
    ...enabledServices(services).map((s): RouteDef => ({ id: s.key, path: s.path, file: s.file, lang: 'en', ...(s.navLabel ? { nav: s.navLabel } : {}) })),
    { id: 'about', path: '/about/', file: 'about/index.html', nav: 'About', lang: 'en' },
    { id: 'contact', path: '/contact/', file: 'contact/index.html', nav: 'Contact', lang: 'en' },
    { id: 'privacy', path: '/privacy/', file: 'privacy/index.html', lang: 'en' },
    { id: 'terms', path: '/terms/', file: 'terms/index.html', lang: 'en' },
    // Where a contact form posted without script lands once the message is stored.
    { id: 'contactSent', path: '/contact/sent/', file: 'contact/sent/index.html', noindex: true, lang: 'en' },
    ...(bookingUrl
      ? []
      : enabledServices(services).map((s): RouteDef => {
          const path = serviceContactPath(s);
          return { id: 'serviceContact', path, file: `${path.slice(1)}index.html`, noindex: true, service: s.key, lang: 'en' };
        })),
  ];
  return (lang === 'en' ? routes : routes.map((r) => inSpanish(r, spanishRoot ?? LANGUAGE_INFO.es.root))).map(withHeadline);
}

/** Every page of a config in every language it publishes, English first. */
export function allRoutes(config: RouteConfig): RouteDef[] {
  return (config.languages ?? ['en']).flatMap((lang) => siteRoutes(config, lang));
}

/**
 * The same page in each language the config publishes, the page itself included, English first:
 * what its hreflang links and the sitemap's alternates name. A page every language has (all of a
 * city's do) has one counterpart a language.
 */
export function counterparts(route: Pick<RouteDef, 'id' | 'service'>, config: RouteConfig): RouteDef[] {
  return allRoutes(config).filter((r) => r.id === route.id && r.service === route.service);
}

/**
 * A page of `site` in the site's language: `english` itself (`/about/`) on an English page, its
 * counterpart (`/es/nosotros/`) on a Spanish one.
 */
export function pagePath(site: Pick<Site, 'config' | 'lang'>, id: Exclude<PageId, 'serviceContact'>, english: string): string {
  if (site.lang === 'en') return english;
  return siteRoutes(site.config, site.lang).find((r) => r.id === id)?.path ?? english;
}

/**
 * A link to an English route (`/privacy/`, as the page copy names the site's pages) in the site's
 * language: itself on an English page, its counterpart on a Spanish one (`/es/privacidad/`, or
 * `/privacidad/` in a location's Spanish folder on a brand site). A path no route has stays as it is.
 */
export function inSiteLanguage(site: Pick<Site, 'config' | 'lang'>, english: string): string {
  if (site.lang === 'en') return english;
  const [path, rest] = [english.replace(/[#?].*$/, ''), english.slice(english.replace(/[#?].*$/, '').length)];
  const route = siteRoutes(site.config, 'en').find((r) => r.path === path);
  const there = route && siteRoutes(site.config, site.lang).find((r) => r.id === route.id && r.service === route.service);
  return there ? `${there.path}${rest}` : english;
}

/** A service's page in the site's language: `/trt-therapy/`, or `/es/terapia-de-testosterona/`. */
export function servicePath(site: Pick<Site, 'config' | 'lang'>, service: Pick<ServiceDef, 'key' | 'path'>): string {
  return pagePath(site, service.key, service.path);
}

/** The header's links: Home, the enabled spec services, About, Contact. */
export function navRoutes(config: RouteConfig, lang: Lang = 'en'): RouteDef[] {
  return siteRoutes(config, lang).filter((r) => r.nav);
}

/** A page's route by its path (`/es/contacto/`), in whichever language it is. */
export function routeAt(config: RouteConfig, path: string): RouteDef | undefined {
  return allRoutes(config).find((r) => r.path === path);
}

/** The id of the contact form's card on the contact pages: Schedule Consultation and the phone bar's Book land on the form itself. */
export const CONTACT_FORM_ID = 'send-message';

/** A service's copy of the contact page: `/contact/trt-therapy/`. */
export function serviceContactPath(service: Pick<ServiceDef, 'path'>): string {
  return `/contact${service.path}`;
}

/**
 * Where a page's Schedule Consultation opens the contact form, for a city without a booking page:
 * on a service page, that service's copy of the contact page (the service chosen); elsewhere the
 * contact page; either way at the form's card (`/contact/trt-therapy/#send-message`).
 */
export function contactFormTarget(path: string, config?: RouteConfig): string {
  const here = config && routeAt(config, path);
  if (config && here?.lang === 'es') {
    // A Spanish page: its service's Spanish copy of the contact page, else the Spanish contact page.
    const routes = siteRoutes(config, 'es');
    const target = routes.find((r) => r.id === 'serviceContact' && r.service === here?.id) ?? routes.find((r) => r.id === 'contact')!;
    return `${target.path}#${CONTACT_FORM_ID}`;
  }
  const service = SERVICES.find((s) => s.path === path);
  return `${service ? serviceContactPath(service) : '/contact/'}#${CONTACT_FORM_ID}`;
}

/** Link from a page at `from` to `to`, relative, so a site works in any folder: `../about/`. */
export function relativeUrl(from: string, to: string): string {
  const depth = from.split('/').filter(Boolean).length;
  const target = to.replace(/^\//, '');
  if (depth === 0) return target === '' ? './' : target;
  return '../'.repeat(depth) + target;
}
