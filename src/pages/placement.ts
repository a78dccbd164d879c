import { scriptSafeJson } from './seo.js';
import { siteRoutes, type RouteConfig, type RouteDef } from './routes.js';
import { SERVICES } from '../config/services.js';

/**
 * Where a city's site sits inside a brand site (one domain, a folder per location:
 * `/locations/fl/tampa/`). SiteExtras.placement; the brand site's build makes one per location.
 */
export interface Placement {
  /** Absolute URL of the location's folder on the brand domain, no trailing slash: `https://menshealth.example.com/locations/fl/tampa`. */
  siteUrl: string;
  /**
   * Where canonical links point, no trailing slash: the same as siteUrl (`canonical: brand`, the
   * default) or the city's own origin (`canonical: own`, `https://tampa.example.com`). Never both.
   */
  canonicalUrl: string;
  /** The breadcrumb trail above the location's home, absolute URLs on the brand domain: Home (`/`), Locations (`/locations/`), Florida (`/locations/fl/`). */
  trail: Crumb[];
  /** The brand's Organization on `/`: `{ id: 'https://menshealth.example.com/#organization', name, url: 'https://menshealth.example.com/' }`. */
  organization: { id: string; name: string; url: string };
}

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

/**
 * What the pages of a placed site need of its placement, derived once by resolveSite. Every string
 * here goes through the templated renderer's tokens (template.ts), so pages never look inside one:
 * the links are worked out here, relative to the location's home, and the JSON-LD is finished here.
 */
export interface SitePlacement {
  /** The trail above the location's home: its names and links relative to the location's home (`../../../`). */
  trail: { name: string; href: string }[];
  /** The name of the location's home in the trail: its city. */
  home: string;
  /** The BreadcrumbList JSON-LD of each page by route path, already safe inside a <script>. */
  breadcrumbJsonLd: Record<string, string>;
}

/** Names of the pages that are not services in breadcrumbs; the home page is the location itself (its city). */
const PAGE_NAMES: Partial<Record<RouteDef['id'], string>> = {
  about: 'About',
  contact: 'Contact',
  contactSent: 'Message Sent',
  serviceContact: 'Contact',
  privacy: 'Privacy Policy',
  terms: 'Terms & Conditions',
};

/** The breadcrumb name of a page of the site (services by their catalogue label); none for the home page. */
export function pageCrumbName(route: Pick<RouteDef, 'id'>): string | undefined {
  return PAGE_NAMES[route.id] ?? SERVICES.find((s) => s.key === route.id)?.label;
}

/**
 * What the pages of a site placed by `placement` show and say of their trail: the brand's steps,
 * the location's home (its city), then the page (none on the home itself). The JSON-LD trail is on
 * the brand domain even for a city canonical on its own domain: it describes where the page sits
 * in the brand's hierarchy, which only the brand domain has.
 */
export function placedSite(placement: Placement, city: string, routes: RouteConfig): SitePlacement {
  const base = new URL(`${placement.siteUrl}/`);
  const trail = placement.trail.map((c) => ({ name: c.name, href: relativeFromFolder(base, new URL(c.url)) }));
  const breadcrumbJsonLd: Record<string, string> = {};
  for (const route of siteRoutes(routes)) {
    const name = pageCrumbName(route);
    const items: Crumb[] = [...placement.trail, { name: city, url: `${placement.siteUrl}/` }];
    if (route.path !== '/' && name) items.push({ name, url: `${placement.siteUrl}${route.path}` });
    breadcrumbJsonLd[route.path] = scriptSafeJson(breadcrumbList(items));
  }
  return { trail, home: city, breadcrumbJsonLd };
}

/** schema.org BreadcrumbList of a trail, each item with its absolute URL (Google's breadcrumb structured data). */
export function breadcrumbList(items: Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/**
 * A link from the folder `base` (`https://b.example/locations/fl/tampa/`) to `to`
 * (`https://b.example/locations/`): `../../`. Both are on the brand domain (Placement.trail), so
 * only their paths count; a site placed in any folder keeps working, as its own links do.
 */
export function relativeFromFolder(base: URL, to: URL): string {
  const from = base.pathname.split('/').filter(Boolean);
  const target = to.pathname.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const up = '../'.repeat(from.length - common);
  const down = target.slice(common).join('/');
  const rel = up + (down ? `${down}${to.pathname.endsWith('/') ? '/' : ''}` : '');
  return (rel || './') + to.search + to.hash;
}
