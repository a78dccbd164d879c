import type { AssetSource } from '../site/asset-source.js';
import { buildSiteFiles, problemLines, type SiteOptions } from '../site/pipeline.js';
import { readLogo } from '../site/logo.js';
import type { SiteFiles } from '../model/files.js';
import type { BrandSiteConfig, ListedCity } from './config.js';
import { brandOwnFiles, placementOf } from './site.js';
import { brandIdentity } from './identity.js';

export type BrandSiteFiles = { ok: true; files: SiteFiles; warnings: string[] } | { ok: false; errors: string[] };

/**
 * The whole brand site in memory, for the clinic server (generate, preview, download, deploy): the
 * brand's own files and each listed city's site under its folder, each made by the site pipeline
 * placed on the brand domain, as `clinic-gen build --site` writes them (build.ts). One city at a
 * time: the server answers other requests meanwhile (the pipeline awaits between steps).
 */
export async function makeBrandSite(
  brand: BrandSiteConfig,
  listed: readonly ListedCity[],
  opts: {
    /** Where a city's logo and photos are read from. */
    assetsOf: (city: ListedCity) => AssetSource;
    /** Where the brand's logo is read from. */
    brandAssets: AssetSource;
    /** The brand config's name in messages (`brand.yaml`). */
    brandFile: string;
    /** Where a city's contact form posts, when not `contactEndpoint` for all (the server: each city's own, else the server's). */
    contactEndpointOf?: (city: ListedCity) => string | undefined;
  } & Pick<SiteOptions, 'contactEndpoint' | 'imageCacheDir' | 'buildTime' | 'servedByClinic'>,
): Promise<BrandSiteFiles> {
  const [logo, light] = await Promise.all([
    readLogo(brand.logoUrl, opts.brandAssets),
    readLogo(brand.logoLightUrl, opts.brandAssets, { field: 'logoLightUrl', base: 'logo-light' }),
  ]);
  if (!logo.ok || !light.ok) return { ok: false, errors: [logo, light].flatMap((l) => (l.ok ? [] : [`${opts.brandFile} ${l.error.field}: ${l.error.message}`])) };
  const identity = brandIdentity(brand, { logo: logo.file, light: light.file });
  const placements = listed.map((c) => placementOf(brand, c, identity));
  const files: SiteFiles = {};
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const [i, city] of listed.entries()) {
    const site = await buildSiteFiles(city.config, opts.assetsOf(city), {
      contactEndpoint: opts.contactEndpointOf?.(city) ?? opts.contactEndpoint,
      imageCacheDir: opts.imageCacheDir,
      buildTime: opts.buildTime,
      servedByClinic: opts.servedByClinic,
      placement: placements[i],
    });
    if (!site.ok) {
      errors.push(...problemLines(city.configPath, site.errors));
      continue;
    }
    warnings.push(...problemLines(city.configPath, site.warnings));
    const folder = city.path.slice(1);
    for (const [name, content] of Object.entries(site.files)) files[`${folder}${name}`] = content;
  }
  if (errors.length) return { ok: false, errors };
  Object.assign(files, brandOwnFiles(brand, listed, placements, { contactEndpoint: opts.contactEndpoint, logo: logo.file, light: light.file }));
  return { ok: true, files, warnings };
}
