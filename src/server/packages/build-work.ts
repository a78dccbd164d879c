import type { BrandSiteConfig, ListedCity } from '../../brand-site/config.js';
import { makeBrandSite, type BrandSiteFiles } from '../../brand-site/make.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { AssetSource } from '../../site/asset-source.js';
import { buildSiteFiles, type SiteOptions, type SiteResult } from '../../site/pipeline.js';
import { contactEndpointFor } from '../leads/index.js';
import { generateAnswer, type GenerateAnswer } from './generate-site.js';
import { packageBody, type PackageBody } from './package-body.js';

/**
 * What the build pool (build-pool.ts) does, on its worker or on this thread alike: a site from a
 * checked config, the admin's Generate of a form's config, or the brand site.
 */

/** SiteOptions a worker can be sent: everything but a template store (the CLI's). */
export type PoolSiteOptions = Omit<SiteOptions, 'templates'>;

/** What the brand site is made from (brand-site/service.ts make). */
export interface BrandJob {
  brand: BrandSiteConfig;
  listed: ListedCity[];
  brandFile: string;
  serverOrigin: string;
  imageCacheDir?: string;
  buildTime?: Date;
}

/** What a build is asked for: a site from a checked config, the admin's Generate of a form's config, the brand site, or a Download Package body read. */
export type Work = { site: { config: ClinicConfig; options: PoolSiteOptions } } | { generate: { input: unknown; serverOrigin: string; imageCacheDir?: string } } | { brand: BrandJob } | { package: { bytes: Uint8Array } };
export type Outcome = SiteResult | GenerateAnswer | BrandSiteFiles | PackageBody;
/** The work done, here or on the worker. */
export function perform(work: Work, assets: AssetSource): Promise<Outcome> {
  if ('site' in work) return buildSiteFiles(work.site.config, assets, work.site.options);
  if ('package' in work) return Promise.resolve(packageBody(work.package.bytes));
  if ('brand' in work) {
    const { brand, listed, brandFile, serverOrigin, imageCacheDir, buildTime } = work.brand;
    return makeBrandSite(brand, listed, {
      assetsOf: () => assets,
      brandAssets: assets,
      brandFile,
      contactEndpointOf: (city) => contactEndpointFor(city.config.contactEndpoint, serverOrigin),
      ...(imageCacheDir ? { imageCacheDir } : {}),
      ...(buildTime ? { buildTime } : {}),
    });
  }
  const g = work.generate;
  return generateAnswer(g.input, assets, g.serverOrigin, g.imageCacheDir);
}

