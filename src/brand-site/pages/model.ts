import { LANGUAGE_INFO, type Lang } from '../../config/languages.js';
import type { FontChoice } from '../../config/schema.js';
import type { ServiceDef } from '../../config/services.js';
import { citySlug } from '../../config/slug.js';
import type { LogoImage, Site } from '../../pages/page-model.js';
import { movedOnBrandSite } from '../../pages/brand-shared.js';
import type { Placement } from '../../pages/placement.js';
import { pathIn, siteRoutes, type RouteDef } from '../../pages/routes.js';
import { copyOf } from '../../pages/content/copy.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';

export type { Crumb, Placement } from '../../pages/placement.js';

/** What the brand site's own pages are rendered from (renderBrandPages). */
export interface BrandModel {
  /** The language of the pages rendered from this model (issue 40 item 5): a brand in English and Spanish has a model for each. */
  lang: Lang;
  /**
   * Each page's counterparts in the brand's other languages, by the page's path in this model's
   * language: `/trt-therapy/` -> `[{ lang: 'es', path: '/es/terapia-de-testosterona/' }]`. A page
   * with none (a treatment no Spanish location offers) is absent or has an empty list.
   */
  counterparts?: Record<string, { lang: Lang; path: string }[]>;
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

/** A location's folder on the brand site: its state, then its city (`/locations/fl/wesley-chapel/`), so two cities of one name in two states do not collide; in Spanish `/es/ubicaciones/fl/wesley-chapel/`. */
export function locationPath(stateCode: string, city: string, lang: Lang = 'en'): string {
  return `${BRAND_PLACES[lang].locations}${stateCode.toLowerCase()}/${citySlug(city)}/`;
}

/** A state's directory page: `/locations/fl/`, `/es/ubicaciones/fl/`. */
export function statePath(stateCode: string, lang: Lang = 'en'): string {
  return `${BRAND_PLACES[lang].locations}${stateCode.toLowerCase()}/`;
}

/** The brand's home and directory in each language, and what the trail calls them. */
export const BRAND_PLACES: Record<Lang, { home: string; locations: string; homeName: string; locationsName: string }> = {
  en: { home: '/', locations: '/locations/', homeName: copyOf('en').ui.HOME, locationsName: SITE_TEXTS.en.site.brandLocationsLink.title },
  es: { home: LANGUAGE_INFO.es.root, locations: `${LANGUAGE_INFO.es.root}ubicaciones/`, homeName: copyOf('es').ui.HOME, locationsName: SITE_TEXTS.es.site.brandLocationsLink.title },
};

export const LOCATIONS_PATH = BRAND_PLACES.en.locations;
export const LOCATIONS_NAME = BRAND_PLACES.en.locationsName;
export const HOME_NAME = BRAND_PLACES.en.homeName;

/**
 * Every path of the brand's own pages in one language (issue 40 item 5): English at the root,
 * Spanish under `/es/` with Spanish words (`/es/ubicaciones/fl/`, `/es/terapia-de-testosterona/`),
 * the treatments and policies at the paths a city's pages have (routes.ts pathIn).
 */
export interface BrandPaths {
  lang: Lang;
  home: string;
  locations: string;
  state: (stateCode: string) => string;
  treatment: (service: Pick<ServiceDef, 'key'>) => string;
  privacy: string;
  terms: string;
  /** The not-found page, served at any depth under the language's root: `/404.html`, `/es/404.html`. */
  notFound: string;
  /** A location's contact page, from its folder in this language: `/locations/fl/tampa/contact/`, `/es/ubicaciones/fl/tampa/contacto/`. */
  contact: (location: Pick<BrandLocation, 'path'>) => string;
  /** The trail's names of the home and the directory: `Home`, `Locations`; `Inicio`, `Ubicaciones`. */
  homeName: string;
  locationsName: string;
}

export function brandPaths(lang: Lang): BrandPaths {
  const places = BRAND_PLACES[lang];
  return {
    lang,
    home: places.home,
    locations: places.locations,
    state: (code) => statePath(code, lang),
    treatment: (service) => pathIn(service.key, lang),
    privacy: pathIn('privacy', lang),
    terms: pathIn('terms', lang),
    notFound: `${LANGUAGE_INFO[lang].root}404.html`,
    contact: (location) => `${location.path}${pathIn('contact', lang, '/').slice(1)}`,
    homeName: places.homeName,
    locationsName: places.locationsName,
  };
}

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
  /** The language of the pages placed, and every language the brand publishes the location in (English first). */
  languages: { lang: Lang; published: readonly Lang[] } = { lang: 'en', published: ['en'] },
): Placement {
  const own = canonicalOwnOrigin?.replace(/\/+$/, '');
  const at = (lang: Lang) => {
    const siteUrl = `${brand.origin}${locationPath(location.stateCode, location.city, lang).replace(/\/$/, '')}`;
    // A city canonical on its own domain: its own pages in the language (`https://tampa.example.com/es`).
    return { lang, siteUrl, canonicalUrl: own ? `${own}${LANGUAGE_INFO[lang].root.replace(/\/$/, '')}` : siteUrl };
  };
  const here = at(languages.lang);
  const places = BRAND_PLACES[languages.lang];
  return {
    siteUrl: here.siteUrl,
    canonicalUrl: here.canonicalUrl,
    trail: [
      { name: places.homeName, url: `${brand.origin}${places.home}` },
      { name: places.locationsName, url: `${brand.origin}${places.locations}` },
      { name: location.stateName, url: `${brand.origin}${statePath(location.stateCode, languages.lang)}` },
    ],
    organization: { id: organizationId(brand.origin), name: brand.name, url: `${brand.origin}/` },
    // The treatments, privacy and terms are the brand's, once, at its root (NOTES.md decision 16).
    brandPages: true,
    ...(languages.lang === 'es' ? { lang: 'es' as const } : {}),
    ...(languages.published.length > 1 ? { languages: languages.published.map(at) } : {}),
  };
}

/**
 * The pages of a location a search engine should index, relative to its folder: every route but
 * the noindex ones; on a brand site also none that moved (movedOnBrandSite: a treatment without
 * text of its own, the policies, the about page) and not the contact page, which is for patients
 * who chose this clinic (NOTES.md decision 16).
 */
export function locationPagePaths(site: Site): string[] {
  return locationPages(site).map((r) => r.path);
}

/** locationPagePaths as routes, for their hreflang alternates. */
export function locationPages(site: Site): RouteDef[] {
  const placed = Boolean(site.placement?.brandRoot);
  return siteRoutes(site.config, site.lang).filter((r) => !r.noindex && !(placed && (r.id === 'contact' || movedOnBrandSite(r, site.config))));
}
