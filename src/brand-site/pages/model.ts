import type { FontChoice } from '../../config/schema.js';
import type { ServiceDef } from '../../config/services.js';
import { citySlug } from '../../config/slug.js';
import type { LogoImage, Site } from '../../pages/page-model.js';
import { movedOnBrandSite } from '../../pages/brand-shared.js';
import type { Placement } from '../../pages/placement.js';
import { siteRoutes } from '../../pages/routes.js';

export type { Crumb, Placement } from '../../pages/placement.js';

/** What the brand site's own pages are rendered from (renderBrandPages). */
export interface BrandModel {
  name: string;
  description: string;
  /** The brand domain's origin, no trailing slash: `https://menshealth.example.com`. */
  origin: string;
  primaryColor: string;
  font: FontChoice;
  /** A file of the brand site (`logo.svg`, no leading slash) or an absolute URL; absent, the wordmark. */
  logo?: LogoImage;
  /** The footer's logo for its dark background; absent, the logo sits on a light plate (as on the city sites). */
  logoLight?: LogoImage;
  /** The logo image carries the brand's name: shown alone, as on the city sites. */
  logoIncludesName?: boolean;
  /** What the clinics treat (the union of the locations' services, in catalogue order): a page each at the root, and a card each on the home page. */
  services: ServiceDef[];
  /**
   * The brand's own facts for its Privacy Policy and Terms & Conditions (brand config `legal`,
   * NOTES.md decision 14): the effective date as pages show it (`January 1, 2024`).
   */
  legal: { governingLaw: string; effectiveDate: string; email: string };
  locations: BrandLocation[];
  /**
   * The "find your clinic" box (src/brand-site/locator-markup.tsx): the ZIP table and the island's
   * script, site files without a leading slash. Absent, the home page lists the locations by state.
   */
  locator?: { zipFile: string; script: string; /** Every US ZIP (zip-table.ts nationalZipTable), fetched only for a ZIP of another state. */ nationalZipFile?: string };
}

export interface BrandLocation {
  /** The location's resolved Site, placed (resolveSite with SiteExtras.placement). */
  site: Site;
  /** Its folder on the brand site: `/locations/fl/tampa/` (locationPath). */
  path: string;
  /** Its indexable pages, relative to its folder (`/`, `/trt-therapy/`...): locationPagePaths(site) when absent. */
  pagePaths?: string[];
  /** Where it is, for the locator's distances: the config's geo, else its ZIP's centroid (zip-table.ts locationPoint). */
  point?: { latitude: number; longitude: number };
}

/** A location's folder on the brand site: its state, then its city (`/locations/fl/wesley-chapel/`), so two cities of one name in two states do not collide. */
export function locationPath(stateCode: string, city: string): string {
  return `/locations/${stateCode.toLowerCase()}/${citySlug(city)}/`;
}

/** A state's directory page: `/locations/fl/`. */
export function statePath(stateCode: string): string {
  return `/locations/${stateCode.toLowerCase()}/`;
}

export const LOCATIONS_PATH = '/locations/';
export const LOCATIONS_NAME = 'Locations';
export const HOME_NAME = 'Home';

/** The brand's Organization `@id`: `https://menshealth.example.com/#organization`. */
export function organizationId(origin: string): string {
  return `${origin}/#organization`;
}

/**
 * Where a city's site sits on the brand site: its folder, where its canonical links point (the
 * brand's folder, or the city's own origin for `canonical: own`), the trail above it (Home,
 * Locations, its state) and the brand's Organization.
 */
export function placementFor(
  brand: Pick<BrandModel, 'name' | 'origin'>,
  location: { stateCode: string; stateName: string; city: string },
  canonicalOwnOrigin?: string,
): Placement {
  const siteUrl = `${brand.origin}${locationPath(location.stateCode, location.city).replace(/\/$/, '')}`;
  return {
    siteUrl,
    canonicalUrl: canonicalOwnOrigin?.replace(/\/+$/, '') ?? siteUrl,
    trail: [
      { name: HOME_NAME, url: `${brand.origin}/` },
      { name: LOCATIONS_NAME, url: `${brand.origin}${LOCATIONS_PATH}` },
      { name: location.stateName, url: `${brand.origin}${statePath(location.stateCode)}` },
    ],
    organization: { id: organizationId(brand.origin), name: brand.name, url: `${brand.origin}/` },
    // The treatments, privacy and terms are the brand's, once, at its root (NOTES.md decision 16).
    brandPages: true,
  };
}

/**
 * The pages of a location a search engine should index, relative to its folder: every route but
 * the noindex ones; on a brand site also none that moved (movedOnBrandSite: a treatment without
 * text of its own, the policies, the about page) and not the contact page, which is for patients
 * who chose this clinic (NOTES.md decision 16).
 */
export function locationPagePaths(site: Site): string[] {
  const placed = Boolean(site.placement?.brandRoot);
  return siteRoutes(site.config)
    .filter((r) => !r.noindex && !(placed && (r.id === 'contact' || movedOnBrandSite(r, site.config))))
    .map((r) => r.path);
}
