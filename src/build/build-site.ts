import { join } from 'node:path';
import { loadConfigFileSync } from '../config/load.js';
import { citySlug } from '../config/slug.js';
import { renderSite } from '../pages/render-site.js';
import { readLocalLogo } from './local-logo.js';
import { writeSite } from './write-site.js';

/** One city to build: its config, and either an exact output folder or a root to put `<slug>/` in. */
export interface BuildJob {
  configPath: string;
  out: { exact: string } | { root: string };
}

export type BuildOutcome =
  | { ok: true; configPath: string; slug: string; outDir: string; files: number; warnings: string[] }
  | { ok: false; configPath: string; errors: string[] };

/** First written copy of each shared asset in this thread's run, for hard links (see writeSite). */
const sharedAssets = new Map<string, string>();

/** Loads, validates, renders and writes one city's site. Expected failures come back as values. */
export async function buildSite(job: BuildJob): Promise<BuildOutcome> {
  const loaded = loadConfigFileSync(job.configPath);
  if (!loaded.ok) return { ok: false, configPath: job.configPath, errors: loaded.errors };
  const slug = citySlug(loaded.config.city);
  const outDir = 'exact' in job.out ? job.out.exact : join(job.out.root, slug);
  const logo = readLocalLogo(job.configPath, loaded.config.logoUrl);
  if (!logo.ok) return { ok: false, configPath: job.configPath, errors: [logo.error] };
  const files: Record<string, string | Uint8Array> = renderSite(loaded.config);
  if (logo.file) files[logo.file[0]] = logo.file[1];
  try {
    writeSite(files, outDir, sharedAssets);
  } catch (err) {
    return { ok: false, configPath: job.configPath, errors: [`${outDir}: cannot write the site (${(err as Error).message})`] };
  }
  return { ok: true, configPath: job.configPath, slug, outDir, files: Object.keys(files).length, warnings: loaded.warnings };
}
