import type { ClinicConfig } from '../config/schema.js';
import { enabledServices, SERVICES, type ServiceDef, type ServiceKey } from '../config/services.js';
import { aboutHero } from './content/about.js';
import { contactHero } from './content/contact.js';
import { homeHero } from './content/home.js';
import { HORMONE_PAGE } from './content/hormone.js';
import { nadHero } from './content/nad.js';
import { PEPTIDE_PAGE } from './content/peptide.js';
import { semaglutideHero } from './content/semaglutide.js';
import { trtHero } from './content/trt.js';
import type { Hero } from './content/types.js';
import { VITAMIN_PAGE } from './content/vitamins.js';
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
const HEROES: Partial<Record<PageId, (site: Site) => Hero>> = {
  home: homeHero,
  trt: trtHero,
  semaglutide: semaglutideHero,
  nadTherapy: nadHero,
  hormone_optimization: HORMONE_PAGE.hero,
  peptideTherapy: PEPTIDE_PAGE.hero,
  vitaminInjections: VITAMIN_PAGE.hero,
  about: aboutHero,
  contact: contactHero,
};

function withHeadline(route: RouteDef): RouteDef {
  const hero = HEROES[route.id];
  return hero ? { ...route, headline: (site: Site) => hero(site).title } : route;
}

/** What decides a site's pages: the services it offers, and whether it has a booking page of its own. */
export type RouteConfig = Pick<ClinicConfig, 'services' | 'bookingUrl'>;

/**
 * Every page a config's services switch on, in nav order, then the pages that are not in the nav.
 * A city without a booking page (NOTES.md decision 11) also gets a copy of its contact page per
 * service, its form opening with that service chosen, for the service page's Schedule Consultation
 * (docs/decisions/023-service-contact-pages.md): noindex, so out of sitemap.xml.
 */
export function siteRoutes({ services, bookingUrl }: RouteConfig): RouteDef[] {
  const routes: RouteDef[] = [
    { id: 'home', path: '/', file: 'index.html', nav: 'Home' },
    ...enabledServices(services).map((s) => ({ id: s.key, path: s.path, file: s.file, nav: s.navLabel })),
    { id: 'about', path: '/about/', file: 'about/index.html', nav: 'About' },
    { id: 'contact', path: '/contact/', file: 'contact/index.html', nav: 'Contact' },
    { id: 'privacy', path: '/privacy/', file: 'privacy/index.html' },
    { id: 'terms', path: '/terms/', file: 'terms/index.html' },
    // Where a contact form posted without script lands once the message is stored.
    { id: 'contactSent', path: '/contact/sent/', file: 'contact/sent/index.html', noindex: true },
    ...(bookingUrl
      ? []
      : enabledServices(services).map((s): RouteDef => {
          const path = serviceContactPath(s);
          return { id: 'serviceContact', path, file: `${path.slice(1)}index.html`, noindex: true, service: s.key };
        })),
  ];
  return routes.map(withHeadline);
}

/** The header's links: Home, the enabled spec services, About, Contact. */
export function navRoutes(config: RouteConfig): RouteDef[] {
  return siteRoutes(config).filter((r) => r.nav);
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
export function contactFormTarget(path: string): string {
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
