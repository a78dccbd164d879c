import type { ClinicConfig } from '../config/schema.js';
import { CONTACT_API_PATH } from '../config/schema.js';
import { enabledServices, SERVICES } from '../config/services.js';
import { ASSETS } from '../pages/assets.js';
import { longDate, resolveSite } from '../pages/page-model.js';
import type { BrandIdentity, Placement } from '../pages/placement.js';
import { brandIdentity, brandSharedFiles } from './identity.js';
import type { AssetSource } from '../site/asset-source.js';
import { readLogo, type LogoFile } from '../site/logo.js';
import type { BrandSiteConfig, CityPlace, ListedCity } from './config.js';
import { placementFor, type BrandModel } from './pages/model.js';
import { renderBrandPages } from './pages/render.js';
import { locationPoint, nationalZipTable, zipTable } from './zip-table.js';
import { brandRedirects, redirectsFile, REDIRECTS_FILE } from './redirects.js';

/**
 * What the brand site is made of besides its locations' own sites, shared by the CLI's build
 * (src/build/brand-site.ts, on disk, incremental) and the clinic server (make.ts, in memory).
 */

/** What a location's placement reads of its config: where it is, and its own address for `canonical: own`. */
export type QuickPlace = CityPlace & Partial<Pick<ClinicConfig, 'canonical' | 'domainName' | 'website'>>;

/**
 * The placement of a listed city on the brand domain (pages/model.ts placementFor), its own origin
 * canonical when it says `canonical: own`; with `identity` (identity.ts), its pages show the brand's
 * logo, colour and typeface and link the brand's shared files.
 */
export function placementOf(brand: Pick<BrandSiteConfig, 'businessName' | 'domainName'>, city: Pick<ListedCity<QuickPlace>, 'config' | 'state' | 'stateName'>, identity?: BrandIdentity): Placement {
  const own = city.config.domainName ? `https://${city.config.domainName}` : city.config.website ? new URL(city.config.website).origin : undefined;
  const placement = placementFor(
    { name: brand.businessName, origin: `https://${brand.domainName}` },
    { stateCode: city.state, stateName: city.stateName, city: city.config.city },
    city.config.canonical === 'own' ? own : undefined,
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
): Promise<{ ok: true; identity: BrandIdentity; placements: Placement[]; logo?: LogoFile; light?: LogoFile } | { ok: false; errors: string[] }> {
  const [logo, light] = await Promise.all([
    readLogo(brand.logoUrl, brandAssets),
    readLogo(brand.logoLightUrl, brandAssets, { field: 'logoLightUrl', base: 'logo-light' }),
  ]);
  if (!logo.ok || !light.ok) return { ok: false, errors: [logo, light].flatMap((l) => (l.ok ? [] : [`${brandFile} ${l.error.field}: ${l.error.message}`])) };
  const identity = brandIdentity(brand, { logo: logo.file, light: light.file });
  return { ok: true, identity, placements: listed.map((c) => placementOf(brand, c, identity)), logo: logo.file, light: light.file };
}

/**
 * The brand site's own files (pages/render.tsx: home, treatments, policies, directory, states,
 * not-found, sitemap, robots) and its moved addresses (`redirects.txt`, redirects.ts), with what they use: the locator's ZIP table for the listed states and its script, the
 * brand's typeface and logo files. The locations' own files are not among them.
 */
export function brandOwnFiles(
  brand: BrandSiteConfig,
  listed: readonly ListedCity[],
  placements: readonly Placement[],
  opts: { contactEndpoint?: string; logo?: LogoFile; light?: LogoFile },
): Record<string, string | Uint8Array> {
  const origin = `https://${brand.domainName}`;
  const model: BrandModel = {
    name: brand.businessName,
    description: brand.description ?? `${brand.businessName}: men's health clinics offering physician-supervised care.`,
    origin,
    primaryColor: brand.primaryColor ?? '#1d4ed8',
    font: brand.font ?? 'inter',
    ...(opts.logo ? { logo: { src: opts.logo.name, onSite: true } } : brand.logoUrl && !brand.logoUrl.startsWith('/') ? { logo: { src: brand.logoUrl, onSite: false } } : {}),
    logoIncludesName: brand.logoIncludesName ?? false,
    services: brandServices(listed),
    legal: { governingLaw: brand.legal.governingLaw, effectiveDate: longDate(brand.legal.effectiveDate), email: brand.legal.email },
    locations: listed.map((c, i) => {
      const endpoint = opts.contactEndpoint ?? c.config.contactEndpoint ?? CONTACT_API_PATH;
      const site = resolveSite({ ...c.config, contactEndpoint: endpoint }, { placement: placements[i]! });
      const point = locationPoint(c.config);
      return { site, path: c.path, ...(point ? { point } : {}) };
    }),
  };
  const table = zipTable([...new Set(listed.map((c) => c.state.toUpperCase()))]);
  const national = nationalZipTable();
  model.locator = { zipFile: table.file, nationalZipFile: national.file, script: ASSETS.locatorJs.file };
  const files: Record<string, string | Uint8Array> = {
    ...renderBrandPages(model),
    [table.file]: table.content,
    [national.file]: national.content,
    [ASSETS.locatorJs.file]: ASSETS.locatorJs.content,
    // The stylesheet, scripts and typeface every page of the brand links at its root, its locations' too (identity.ts).
    ...brandSharedFiles(model.font),
    // The old addresses of the locations' treatment and legal pages, for the clinic server's 301s.
    [REDIRECTS_FILE]: redirectsFile(brandRedirects(listed)),
  };
  for (const f of [opts.logo, opts.light]) if (f) files[f.name] = f.content;
  return files;
}


/** What the brand's clinics treat: every service any listed location offers, in the catalogue's order. */
function brandServices(listed: readonly ListedCity[]) {
  const on = new Set(listed.flatMap((c) => enabledServices(c.config.services).map((s) => s.key)));
  return SERVICES.filter((s) => on.has(s.key));
}

