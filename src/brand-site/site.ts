import type { ClinicConfig } from '../config/schema.js';
import { siteLanguages, type Lang } from '../config/languages.js';
import { CONTACT_API_PATH } from '../config/schema.js';
import { enabledServices, SERVICES } from '../config/services.js';
import { ASSETS } from '../pages/assets.js';
import { longDate, resolveSite } from '../pages/page-model.js';
import { placedRoutes } from '../pages/routes.js';
import type { BrandIdentity, Placement } from '../pages/placement.js';
import { brandIdentity, brandSharedFiles } from './identity.js';
import type { AssetSource } from '../site/asset-source.js';
import { readLogo, type LogoFile } from '../site/logo.js';
import type { BrandSiteConfig, CityPlace, ListedCity } from './config.js';
import { brandPaths, locationPath, placementFor, type BrandModel } from './pages/model.js';
import { renderBrandPages } from './pages/render.js';
import { locationPoint, nationalZipTable, zipTable } from './zip-table.js';
import { brandRedirects, redirectsFile, REDIRECTS_FILE } from './redirects.js';

/**
 * What the brand site is made of besides its locations' own sites, shared by the CLI's build
 * (src/build/brand-site.ts, on disk, incremental) and the clinic server (make.ts, in memory).
 */

/** What a location's placement reads of its config: where it is, and its own address for `canonical: own`. */
export type QuickPlace = CityPlace & Partial<Pick<ClinicConfig, 'canonical' | 'domainName' | 'website' | 'languages'>>;

/**
 * The languages the brand site publishes a listed city in, English first (issue 40 item 5): Spanish
 * where the brand's pages are in Spanish and the city's own config publishes Spanish.
 */
export function placedLanguages(brand: Pick<BrandSiteConfig, 'languages'>, city: { config: Pick<QuickPlace, 'languages'> }): Lang[] {
  const brandLangs = siteLanguages(brand.languages);
  return siteLanguages(city.config.languages).filter((l) => brandLangs.includes(l));
}

/**
 * The placement of a listed city on the brand domain (pages/model.ts placementFor), its own origin
 * canonical when it says `canonical: own`; with `identity` (identity.ts), its pages show the brand's
 * logo, colour and typeface and link the brand's shared files.
 */
export function placementOf(
  brand: Pick<BrandSiteConfig, 'businessName' | 'domainName' | 'languages'>,
  city: Pick<ListedCity<QuickPlace>, 'config' | 'state' | 'stateName'>,
  identity?: BrandIdentity,
  lang: Lang = 'en',
): Placement {
  const own = city.config.domainName ? `https://${city.config.domainName}` : city.config.website ? new URL(city.config.website).origin : undefined;
  const placement = placementFor(
    { name: brand.businessName, origin: `https://${brand.domainName}` },
    { stateCode: city.state, stateName: city.stateName, city: city.config.city },
    city.config.canonical === 'own' ? own : undefined,
    { lang, published: placedLanguages(brand, city) },
  );
  return identity ? { ...placement, identity } : placement;
}

/**
 * The brand's logo files (read from `brandAssets`, its config's folder or the server's uploads) and,
 * from them, its identity (identity.ts) and each listed location's placement with it: what the
 * build (src/build/brand-site.ts), the server (make.ts) and the doorway check (`check --site`,
 * which must read the pages the brand site publishes) all place the locations with.
 */
export async function brandPlacements<C extends QuickPlace>(
  brand: BrandSiteConfig,
  listed: readonly Pick<ListedCity<C>, 'config' | 'state' | 'stateName'>[],
  brandAssets: AssetSource,
  brandFile: string,
): Promise<
  | {
      ok: true;
      identity: BrandIdentity;
      placements: Placement[];
      /** Each listed city's Spanish placement, where the brand publishes it in Spanish (placedLanguages). */
      spanish: (Placement | undefined)[];
      logo?: LogoFile;
      light?: LogoFile;
    }
  | { ok: false; errors: string[] }
> {
  const [logo, light] = await Promise.all([
    readLogo(brand.logoUrl, brandAssets),
    readLogo(brand.logoLightUrl, brandAssets, { field: 'logoLightUrl', base: 'logo-light' }),
  ]);
  if (!logo.ok || !light.ok) return { ok: false, errors: [logo, light].flatMap((l) => (l.ok ? [] : [`${brandFile} ${l.error.field}: ${l.error.message}`])) };
  const identity = brandIdentity(brand, { logo: logo.file, light: light.file });
  // Spanish pages need a location to list: a Spanish directory of none would be a page of nothing.
  if (siteLanguages(brand.languages).includes('es') && !listed.some((c) => placedLanguages(brand, c).includes('es'))) {
    return { ok: false, errors: [`${brandFile} languages: the brand lists es (Spanish), but none of its locations publishes Spanish pages; add es to a listed city's languages, or remove es here`] };
  }
  return {
    ok: true,
    identity,
    placements: listed.map((c) => placementOf(brand, c, identity)),
    spanish: listed.map((c) => (placedLanguages(brand, c).includes('es') ? placementOf(brand, c, identity, 'es') : undefined)),
    logo: logo.file,
    light: light.file,
  };
}

/**
 * The brand site's own files (pages/render.tsx: home, treatments, policies, directory, states,
 * not-found, sitemap, robots) and its moved addresses (`redirects.txt`, redirects.ts), with what they use: the locator's ZIP table for the listed states and its script, the
 * brand's typeface and logo files. The locations' own files are not among them. With Spanish
 * placements (`spanish`, brandPlacements), the brand's Spanish pages too, under `/es/`, listing
 * only the locations it publishes in Spanish (issue 40 item 5).
 */
export function brandOwnFiles(
  brand: BrandSiteConfig,
  listed: readonly ListedCity[],
  placements: readonly Placement[],
  opts: { contactEndpoint?: string; logo?: LogoFile; light?: LogoFile; spanish?: readonly (Placement | undefined)[] },
): Record<string, string | Uint8Array> {
  // One ZIP table for the listed states, which the finder of every language reads.
  const table = zipTable([...new Set(listed.map((c) => c.state.toUpperCase()))]);
  const national = nationalZipTable();
  const locator = { zipFile: table.file, nationalZipFile: national.file, script: ASSETS.locatorJs.file };
  const en = brandModel(brand, listed, placements, 'en', locator, opts);
  const spanishListed = listed.filter((_, i) => opts.spanish?.[i]);
  const es = spanishListed.length ? brandModel(brand, spanishListed, listed.flatMap((_, i) => opts.spanish?.[i] ?? []), 'es', locator, opts) : undefined;
  if (es) linkCounterparts(en, es);
  const files: Record<string, string | Uint8Array> = {
    ...renderBrandPages(en, { alsoIn: es ? [es] : [] }),
    ...(es ? renderBrandPages(es, { pagesOnly: true }) : {}),
    [table.file]: table.content,
    [national.file]: national.content,
    [ASSETS.locatorJs.file]: ASSETS.locatorJs.content,
    // The stylesheet, scripts and typeface every page of the brand links at its root, its locations' too (identity.ts).
    ...brandSharedFiles(en.font),
    // The old addresses of the locations' treatment and legal pages, for the clinic server's 301s.
    [REDIRECTS_FILE]: redirectsFile(brandRedirects([...listed, ...spanishListed.map((c) => ({ ...c, path: locationPath(c.state, c.config.city, 'es'), config: placedRoutes(c.config, 'es'), lang: 'es' as const }))])),
  };
  for (const f of [opts.logo, opts.light]) if (f) files[f.name] = f.content;
  return files;
}

/** The model of the brand's pages in one language, from the cities it lists in it, each resolved with its placement in that language. */
function brandModel(
  brand: BrandSiteConfig,
  listed: readonly ListedCity[],
  placements: readonly Placement[],
  lang: Lang,
  locator: NonNullable<BrandModel['locator']>,
  opts: { contactEndpoint?: string; logo?: LogoFile },
): BrandModel {
  const origin = `https://${brand.domainName}`;
  return {
    lang,
    name: brand.businessName,
    description: brandDescription(brand, lang),
    origin,
    primaryColor: brand.primaryColor ?? '#1d4ed8',
    font: brand.font ?? 'inter',
    ...(opts.logo ? { logo: { src: opts.logo.name, onSite: true } } : brand.logoUrl && !brand.logoUrl.startsWith('/') ? { logo: { src: brand.logoUrl, onSite: false } } : {}),
    logoIncludesName: brand.logoIncludesName ?? false,
    services: brandServices(listed),
    legal: { governingLaw: brand.legal.governingLaw, effectiveDate: longDate(brand.legal.effectiveDate, {}, lang), email: brand.legal.email },
    locations: listed.map((c, i) => {
      const endpoint = opts.contactEndpoint ?? c.config.contactEndpoint ?? CONTACT_API_PATH;
      const site = resolveSite({ ...c.config, contactEndpoint: endpoint }, { placement: placements[i]! });
      const point = locationPoint(c.config);
      return { site, path: locationPath(c.state, c.config.city, lang), ...(point ? { point } : {}) };
    }),
    locator,
  };
}

/** The brand's description in `lang`: its own words, else (Spanish without them) the English ones, else a line naming it. */
function brandDescription(brand: BrandSiteConfig, lang: Lang): string {
  if (lang === 'es') return brand.es?.description ?? brand.description ?? `${brand.businessName}: clínicas de salud masculina con atención supervisada por médicos.`;
  return brand.description ?? `${brand.businessName}: men's health clinics offering physician-supervised care.`;
}

/**
 * What the brand's Spanish pages fall back to English for, as one warning naming the field (the
 * city pages' rule, config/translations.ts): the description, when the brand gives one in English
 * only. None for a brand without Spanish pages.
 */
export function brandSpanishFallbacks(brand: BrandSiteConfig, file: string): string[] {
  if (!siteLanguages(brand.languages).includes('es') || !brand.description || brand.es?.description) return [];
  return [`${file} es: the brand's Spanish pages show its description in English, as no Spanish version is given; add es.description`];
}

/**
 * Each page of the brand's English and Spanish models names its counterpart in the other (model.counterparts):
 * the home, the directory, the policies, every state and treatment both have.
 */
function linkCounterparts(en: BrandModel, es: BrandModel): void {
  const pe = brandPaths('en');
  const ps = brandPaths('es');
  const pairs: [string, string][] = [
    [pe.home, ps.home],
    [pe.locations, ps.locations],
    [pe.privacy, ps.privacy],
    [pe.terms, ps.terms],
  ];
  const esStates = new Set(es.locations.map((l) => l.site.stateCode));
  for (const code of new Set(en.locations.map((l) => l.site.stateCode))) if (esStates.has(code)) pairs.push([pe.state(code), ps.state(code)]);
  for (const s of en.services) if (es.services.some((x) => x.key === s.key)) pairs.push([pe.treatment(s), ps.treatment(s)]);
  en.counterparts = {};
  es.counterparts = {};
  for (const [a, b] of pairs) {
    en.counterparts[a] = [{ lang: 'es', path: b }];
    es.counterparts[b] = [{ lang: 'en', path: a }];
  }
}

/** What the brand's clinics treat: every service any listed location offers, in the catalogue's order. */
function brandServices(listed: readonly ListedCity[]) {
  const on = new Set(listed.flatMap((c) => enabledServices(c.config.services).map((s) => s.key)));
  return SERVICES.filter((s) => on.has(s.key));
}

