import { join } from 'node:path';
import { loadConfigFileSync } from '../config/load.js';
import { citySlug } from '../config/slug.js';
import { configAssetSource } from '../site/asset-source.js';
import { configImageCacheDir } from '../site/images/cache-dir.js';
import { buildSiteFiles, problemLines } from '../site/pipeline.js';
import { refuseKeptFolder, writeSite, type WriteSiteOptions } from './write-site.js';

/** One city to build: its config, and either an exact output folder or a root to put `<slug>/` in. */
export interface BuildJob {
  configPath: string;
  out: { exact: string } | { root: string };
  /** What the site may replace: --force, the folders to keep (see writeSite). */
  write?: Omit<WriteSiteOptions, 'shared'>;
  /** `--contact-endpoint`: where the form posts, over the config's contactEndpoint. */
  contactEndpoint?: string;
  /** `--strict`: a warning fails the city, and nothing is written. */
  strict?: boolean;
}

export type BuildOutcome =
  | { ok: true; configPath: string; slug: string; outDir: string; files: number; warnings: string[] }
  | { ok: false; configPath: string; errors: string[] };

/** First written copy of each shared asset in this thread's run, for hard links (see writeSite). */
const sharedAssets = new Map<string, string>();

/**
 * Loads and validates one city's config, makes its site through the site pipeline (a logo given
 * as a site path is read from beside the config) and writes it. Expected failures come back as
 * values; with `strict`, so do warnings, before anything is written.
 */
export async function buildSite(job: BuildJob): Promise<BuildOutcome> {
  const loaded = loadConfigFileSync(job.configPath);
  if (!loaded.ok) return { ok: false, configPath: job.configPath, errors: loaded.errors };
  const slug = citySlug(loaded.config.city);
  const outDir = 'exact' in job.out ? job.out.exact : join(job.out.root, slug);
  const allowed = refuseKeptFolder(outDir, job.write);
  if (!allowed.ok) return { ok: false, configPath: job.configPath, errors: [allowed.error] };
  const site = await buildSiteFiles(loaded.config, configAssetSource(job.configPath), {
    contactEndpoint: job.contactEndpoint,
    imageCacheDir: configImageCacheDir(job.configPath),
    htmlAsBytes: true,
  });
  if (!site.ok) return { ok: false, configPath: job.configPath, errors: problemLines(job.configPath, site.errors) };
  const warnings = [...loaded.warnings, ...problemLines(job.configPath, site.warnings)];
  if (job.strict && warnings.length) return { ok: false, configPath: job.configPath, errors: warnings };
  try {
    const written = writeSite(site.files, outDir, { ...job.write, shared: sharedAssets });
    if (!written.ok) return { ok: false, configPath: job.configPath, errors: [written.error] };
  } catch (err) {
    return { ok: false, configPath: job.configPath, errors: [`${outDir}: cannot write the site (${(err as Error).message})`] };
  }
  return { ok: true, configPath: job.configPath, slug, outDir, files: Object.keys(site.files).length, warnings };
}

