import type { Services } from '../config/schema.js';
import { enabledServices } from '../config/services.js';
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

/** Every page a config's services switch on, in nav order, then the pages that are not in the nav. */
export function siteRoutes(services: Services): RouteDef[] {
  const routes: RouteDef[] = [
    { id: 'home', path: '/', file: 'index.html', nav: 'Home' },
    ...enabledServices(services).map((s) => ({ id: s.key, path: s.path, file: s.file, nav: s.navLabel })),
    { id: 'about', path: '/about/', file: 'about/index.html', nav: 'About' },
    { id: 'contact', path: '/contact/', file: 'contact/index.html', nav: 'Contact' },
    { id: 'privacy', path: '/privacy/', file: 'privacy/index.html' },
    { id: 'terms', path: '/terms/', file: 'terms/index.html' },
    // Where a contact form posted without script lands once the message is stored.
    { id: 'contactSent', path: '/contact/sent/', file: 'contact/sent/index.html', noindex: true },
  ];
  return routes.map(withHeadline);
}

/** The header's links: Home, the enabled spec services, About, Contact. */
export function navRoutes(services: Services): RouteDef[] {
  return siteRoutes(services).filter((r) => r.nav);
}

/** Link from a page at `from` to `to`, relative, so a site works in any folder: `../about/`. */
export function relativeUrl(from: string, to: string): string {
  const depth = from.split('/').filter(Boolean).length;
  const target = to.replace(/^\//, '');
  if (depth === 0) return target === '' ? './' : target;
  return '../'.repeat(depth) + target;
}
