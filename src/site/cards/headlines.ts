import { SERVICES } from '../../config/services.js';
import { movedOnBrandSite } from '../../pages/brand-shared.js';
import { copyOf } from '../../pages/content/copy.js';
import { siteRoutes, type RouteDef } from '../../pages/routes.js';
import type { Site } from '../../pages/page-model.js';

/** A page with its own card: its route path, a name for the file, and its headline. */
export interface CardPage {
  path: string;
  slug: string;
  headline: string;
}

/**
 * The site's pages that get a card of their own, the home page first: the route table says which
 * (a route with a headline) and what the card's headline is (the page's own h1). A location on a
 * brand site has cards for its own pages only: none for the pages it leaves to the brand or to its
 * page (a redirect has no card to show), and its page and own treatment pages say their own h1.
 */
export function cardPages(site: Site): CardPage[] {
  const placed = Boolean(site.placement?.brandRoot);
  return siteRoutes(site.config, site.lang).flatMap((route) => {
    if (!route.headline || (placed && movedOnBrandSite(route, site.config))) return [];
    const slug = route.path === '/' ? 'home' : route.path.replace(/^\/|\/$/g, '').replace(/\//g, '-');
    return [{ path: route.path, slug, headline: placed ? placedHeadline(site, route) : route.headline(site) }];
  });
}

/** The h1 of a location's page on a brand site (pages/location/), where it is not the stand-alone page's. */
function placedHeadline(site: Site, route: RouteDef): string {
  const { locationHero, locationTreatmentHero } = copyOf(site.lang).location;
  if (route.id === 'home') return locationHero(site).title;
  const service = SERVICES.find((s) => s.key === route.id);
  return service ? locationTreatmentHero(site, service).title : route.headline!(site);
}
