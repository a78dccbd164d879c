import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFileSync, parseConfigText } from '../config/load.js';
import { citySlug } from '../config/slug.js';
import { configAssetSource } from '../site/asset-source.js';
import { configImageCacheDir } from '../site/images/cache-dir.js';
import { buildSiteFiles, problemLines } from '../site/pipeline.js';
import type { ClinicConfig } from '../config/schema.js';
import type { Placement } from '../pages/placement.js';
import { cityInputs, textHash } from './inputs.js';
import { diskTemplates } from './template-cache.js';
import { fileCount, fileList, fileNames, intact, siteDirStamps, type SiteRecord } from './manifest.js';
import { refuseKeptFolder, writeSite, type WriteSiteOptions } from './write-site.js';
import { givenWarnings, keptWarnings } from './kept-warnings.js';

/** One city to build: its config, and either an exact output folder or a root to put `<slug>/` in. */
export interface BuildJob {
  configPath: string;
  out: { exact: string } | { root: string };
  /** What the site may replace: --force, the folders to keep (see writeSite). */
  write?: Omit<WriteSiteOptions, 'shared' | 'owned'>;
  /** `--contact-endpoint`: where the form posts, over the config's contactEndpoint. */
  contactEndpoint?: string;
  /** `--strict`: a warning fails the city, and nothing is written. */
  strict?: boolean;
  /**
   * The instant the run builds at (ms since 1970: SOURCE_DATE_EPOCH, else the run's start), one
   * for every city of the run; it decides the special hours a site shows. Absent: the pipeline's default.
   */
  buildTime?: number;
  /**
   * What the main thread of an incremental build knows (incremental.ts): the code's id, and what
   * the manifest says of the folder this city was expected to build (`outDir`). When the city's
   * digest is the recorded one and the folder is whole, its site is not made nor written.
   */
  incremental?: { code: string; previous?: { outDir: string } & Pick<SiteRecord, 'digest' | 'files' | 'dirs' | 'warnings'> };
  /**
   * The site is a location of a brand site (src/brand-site/build.ts): its pages carry the brand's
   * breadcrumbs, canonical links and parent organisation, and it has no sitemap, robots.txt or
   * not-found page of its own (the brand site's serve it). Part of the digest through `incremental.code`.
   */
  placement?: Placement;
  /** The site's canonical address when it is its location on a brand site (`build --brand-site`); part of the digest through `incremental.code`. */
  canonicalUrl?: string;
  /** Hand back the config as validated (BuildOutcome.config): the brand site's own pages are made from them on the main thread. */
  returnConfig?: boolean;
}

/** What build records of a site it made or found up to date (manifest.ts), less where it lives. */
export type BuiltRecord = Omit<SiteRecord, 'config' | 'slug'>;

export type BuildOutcome =
  | {
      ok: true;
      configPath: string;
      slug: string;
      outDir: string;
      files: number;
      warnings: string[];
      /** `rebuilt`: the site was written; `unchanged`: its folder already held it, untouched. */
      status: 'rebuilt' | 'unchanged';
      /** For the manifest (absent when the build is not incremental). */
      record?: BuiltRecord;
      /** The config as validated, when the job asked for it (BuildJob.returnConfig). */
      config?: ClinicConfig;
    }
  | { ok: false; configPath: string; errors: string[] };

/** First written copy of each shared asset in this thread's run, for hard links (see writeSite). */
const sharedAssets = new Map<string, string>();

/**
 * Loads and validates one city's config, makes its site through the site pipeline (a logo given
 * as a site path is read from beside the config) and writes it. Expected failures come back as
 * values; with `strict`, so do warnings, before anything is written. In an incremental build, a
 * city whose inputs are those the manifest recorded for a folder still whole is left as it is.
 */
export async function buildSite(job: BuildJob): Promise<BuildOutcome> {
  let text: string | undefined;
  try {
    text = readFileSync(job.configPath, 'utf8');
  } catch {
    // loadConfigFileSync words the error.
  }
  const loaded = text === undefined ? loadConfigFileSync(job.configPath) : parseConfigText(text, job.configPath);
  if (!loaded.ok) return { ok: false, configPath: job.configPath, errors: loaded.errors };
  const slug = citySlug(loaded.config.city);
  const outDir = 'exact' in job.out ? job.out.exact : join(job.out.root, slug);
  const allowed = refuseKeptFolder(outDir, job.write);
  if (!allowed.ok) return { ok: false, configPath: job.configPath, errors: [allowed.error] };
  const inc = job.incremental;
  const buildTime = job.buildTime === undefined ? undefined : new Date(job.buildTime);
  const inputs = inc && cityInputs(loaded.config, job.configPath, job.contactEndpoint, inc.code, buildTime ?? new Date());
  const previous = inc?.previous?.outDir === outDir ? inc.previous : undefined;
  const base =
    inputs && text !== undefined
      ? { digest: inputs.digest, text: textHash(text), configDigest: inputs.configDigest, assets: inputs.assets, ...(inputs.dated ? { dated: inputs.dated } : {}) }
      : undefined;
  if (base && previous && !job.write?.force && previous.digest === base.digest && intact(outDir, previous.dirs)) {
    // Made from the same inputs (the config's text changed, not what it says), and still whole:
    // the files it would write are there. The warnings of the same inputs are those recorded.
    const warnings = givenWarnings(previous.warnings, job.configPath);
    if (job.strict && warnings.length) return { ok: false, configPath: job.configPath, errors: warnings };
    const files = fileCount(previous);
    return {
      ok: true,
      configPath: job.configPath,
      slug,
      outDir,
      files,
      warnings,
      status: 'unchanged',
      record: { ...base, files: previous.files, dirs: previous.dirs, warnings: previous.warnings },
      ...(job.returnConfig ? { config: loaded.config } : {}),
    };
  }
  const imageCacheDir = configImageCacheDir(job.configPath);
  const site = await buildSiteFiles(loaded.config, configAssetSource(job.configPath), {
    contactEndpoint: job.contactEndpoint,
    imageCacheDir,
    templates: diskTemplates(imageCacheDir),
    htmlAsBytes: true,
    buildTime,
    placement: job.placement,
    canonicalUrl: job.canonicalUrl,
  });
  if (!site.ok) return { ok: false, configPath: job.configPath, errors: problemLines(job.configPath, site.errors) };
  const warnings = [...loaded.warnings, ...problemLines(job.configPath, site.warnings)];
  if (job.strict && warnings.length) return { ok: false, configPath: job.configPath, errors: warnings };
  try {
    const written = writeSite(site.files, outDir, { ...job.write, shared: sharedAssets, owned: previous && fileNames(previous) });
    if (!written.ok) return { ok: false, configPath: job.configPath, errors: [written.error] };
  } catch (err) {
    return { ok: false, configPath: job.configPath, errors: [`${outDir}: cannot write the site (${(err as Error).message})`] };
  }
  const names = Object.keys(site.files);
  // Stamped once in place: the stamps are the folders build moved there.
  const record = base && {
    ...base,
    files: fileList(names),
    dirs: siteDirStamps(outDir, names),
    warnings: keptWarnings(warnings, job.configPath),
  };
  return { ok: true, configPath: job.configPath, slug, outDir, files: names.length, warnings, status: 'rebuilt', record, ...(job.returnConfig ? { config: loaded.config } : {}) };
}
