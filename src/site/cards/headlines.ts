import type { Hero } from '../../pages/content/types.js';
import { aboutHero } from '../../pages/content/about.js';
import { contactHero } from '../../pages/content/contact.js';
import { homeHero } from '../../pages/content/home.js';
import { HORMONE_PAGE } from '../../pages/content/hormone.js';
import { nadHero } from '../../pages/content/nad.js';
import { PEPTIDE_PAGE } from '../../pages/content/peptide.js';
import { semaglutideHero } from '../../pages/content/semaglutide.js';
import { trtHero } from '../../pages/content/trt.js';
import { VITAMIN_PAGE } from '../../pages/content/vitamins.js';
import { siteRoutes, type PageId } from '../../pages/routes.js';
import type { Site } from '../../pages/site.js';

/**
 * The pages with a card of their own, and the headline it shows: the page's own h1 (the same
 * copy function the page renders), so a shared link promises what the page says. The legal pages,
 * the confirmation page and the not-found page show the home page's card: nobody shares them to
 * tell others about a clinic, and each card costs a drawing per city.
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

/** A page with its own card: its route path, a name for the file, and its headline. */
export interface CardPage {
  path: string;
  slug: string;
  headline: string;
}

/** The site's pages that get a card of their own, the home page first. */
export function cardPages(site: Site): CardPage[] {
  return siteRoutes(site.config.services).flatMap((route) => {
    const hero = HEROES[route.id];
    if (!hero) return [];
    const slug = route.path === '/' ? 'home' : route.path.replace(/^\/|\/$/g, '').replace(/\//g, '-');
    return [{ path: route.path, slug, headline: hero(site).title }];
  });
}
