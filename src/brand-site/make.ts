import type { AssetSource } from '../site/asset-source.js';
import { buildSiteFiles, problemLines, type SiteOptions } from '../site/pipeline.js';
import type { Placement } from '../pages/placement.js';
import type { SiteFiles } from '../model/files.js';
import type { BrandSiteConfig, ListedCity } from './config.js';
import { brandOwnFiles, brandPlacements, brandSpanishFallbacks } from './site.js';
import { locationPath } from './pages/model.js';

export type BrandSiteFiles = { ok: true; files: SiteFiles; warnings: string[]; /** Each listed city's placement, in order: what the doorway check renders it with. */ placements: Placement[] } | { ok: false; errors: string[] };

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
  const placed = await brandPlacements(brand, listed, opts.brandAssets, opts.brandFile);
  if (!placed.ok) return placed;
  const { placements, spanish } = placed;
  const files: SiteFiles = {};
  const warnings: string[] = brandSpanishFallbacks(brand, opts.brandFile);
  const errors: string[] = [];
  // Each city in its folder, and in its Spanish folder where the brand publishes it in Spanish (issue 40 item 5).
  const units = [
    ...listed.map((city, i) => ({ city, placement: placements[i]!, folder: city.path.slice(1) })),
    ...listed.flatMap((city, i) => (spanish[i] ? [{ city, placement: spanish[i], folder: locationPath(city.state, city.config.city, 'es').slice(1) }] : [])),
  ];
  for (const { city, placement, folder } of units) {
    const site = await buildSiteFiles(city.config, opts.assetsOf(city), {
      contactEndpoint: opts.contactEndpointOf?.(city) ?? opts.contactEndpoint,
      imageCacheDir: opts.imageCacheDir,
      buildTime: opts.buildTime,
      servedByClinic: opts.servedByClinic,
      placement,
    });
    if (!site.ok) {
      errors.push(...problemLines(city.configPath, site.errors));
      continue;
    }
    if (!placement.lang) warnings.push(...problemLines(city.configPath, site.warnings));
    for (const [name, content] of Object.entries(site.files)) files[`${folder}${name}`] = content;
  }
  // A city's problems once, though both its folders tell them.
  if (errors.length) return { ok: false, errors: [...new Set(errors)] };
  Object.assign(files, brandOwnFiles(brand, listed, placements, { contactEndpoint: opts.contactEndpoint, logo: placed.logo, light: placed.light, spanish }));
  return { ok: true, files, warnings, placements };
}
