import type { Services } from '../config/schema.js';
import { enabledServices } from '../config/services.js';

/** A page of the generated site. One table drives the nav, the sitemap and the files written. */
export interface RouteDef {
  id: PageId;
  path: string;
  file: string;
  /** Label in the header nav, when the page is in it. */
  nav?: string;
  /** A page for visitors who got there, not for search engines: noindex, and not in sitemap.xml. */
  noindex?: true;
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

/** Every page a config's services switch on, in nav order, then the pages that are not in the nav. */
export function siteRoutes(services: Services): RouteDef[] {
  return [
    { id: 'home', path: '/', file: 'index.html', nav: 'Home' },
    ...enabledServices(services).map((s) => ({ id: s.key, path: s.path, file: s.file, nav: s.navLabel })),
    { id: 'about', path: '/about/', file: 'about/index.html', nav: 'About' },
    { id: 'contact', path: '/contact/', file: 'contact/index.html', nav: 'Contact' },
    { id: 'privacy', path: '/privacy/', file: 'privacy/index.html' },
    { id: 'terms', path: '/terms/', file: 'terms/index.html' },
    // Where a contact form posted without script lands once the message is stored.
    { id: 'contactSent', path: '/contact/sent/', file: 'contact/sent/index.html', noindex: true },
  ];
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
