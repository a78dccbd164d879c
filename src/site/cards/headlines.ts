import { siteRoutes } from '../../pages/routes.js';
import type { Site } from '../../pages/page-model.js';

/** A page with its own card: its route path, a name for the file, and its headline. */
export interface CardPage {
  path: string;
  slug: string;
  headline: string;
}

/**
 * The site's pages that get a card of their own, the home page first: the route table says which
 * (a route with a headline) and what the card's headline is (the page's own h1).
 */
export function cardPages(site: Site): CardPage[] {
  return siteRoutes(site.config).flatMap((route) => {
    if (!route.headline) return [];
    const slug = route.path === '/' ? 'home' : route.path.replace(/^\/|\/$/g, '').replace(/\//g, '-');
    return [{ path: route.path, slug, headline: route.headline(site) }];
  });
}
