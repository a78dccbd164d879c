import { createHash } from 'node:crypto';
import { lstatSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { BuildJob, BuildOutcome } from './build-site.js';
import { givenWarnings } from './kept-warnings.js';
import { assetHashes, buildYear, cityDigest, codeId, datedPart, textHash } from './inputs.js';
import { fileCount, fileNames, intact } from './manifest.js';
import { buildMany } from './pool.js';
import { FORMAT, NOTE, brandManifestPath, onlyFiles, pruneEmpty, readBrandManifest, removeLeftovers, writeBrandManifest, writeIfChanged, type BrandManifest } from './brand-files.js';
import { whyNotReplace } from './site-folder.js';
import { safeJoin } from './write-site.js';
import { parseConfigText } from '../config/load.js';
import { lookupState } from '../config/states.js';
import { configAssetSource } from '../site/asset-source.js';
import { readBrandSite, type ListedCity } from '../brand-site/config.js';
import { locationPath } from '../brand-site/pages/model.js';
import { placesOf } from './brand-places.js';
import { brandOwnFiles, brandPlacements, brandSpanishFallbacks, placementOf } from '../brand-site/site.js';

/**
 * `clinic-gen build --site brand.yaml --config configs/` (issue 24): one site for the brand's
 * domain, its own pages (home, directory, states: src/brand-site/pages/) and every listed city's whole site under
 * `locations/<st>/<city>/`, made by the same pipeline as a stand-alone city (placed: breadcrumbs,
 * canonical links on the brand domain, its MedicalClinic a part of the brand's Organization).
 *
 * Built as a many-city build is: the locations on every core (pool.ts), each location's
 * folder written whole or not at all, and only what changed: what the brand build wrote is kept
 * beside the site folder, never in it (`.<folder>.clinic-gen-brand.json`), with each location's
 * digest (its inputs, inputs.ts, and its placement). An unchanged location is not made nor
 * written; the brand's own files are written only when their bytes change; a location no longer
 * listed loses its folder (only a folder this build wrote).
 */
export interface BrandBuildOptions {
  sitePath: string;
  configPaths: readonly string[];
  outDir: string;
  contactEndpoint?: string;
  force?: boolean;
  strict?: boolean;
  /** ms since 1970, one for the whole run (SOURCE_DATE_EPOCH, else the run's start). */
  buildTime: number;
  workerUrl?: URL;
  /** Told of each location as it is built or found up to date: how many so far, of how many listed. */
  onDone?: (o: BuildOutcome, done: number, total: number) => void;
  /** The working folder, never written into (and folders are named relative to it in messages). */
  cwd?: string;
}

export type BrandBuildResult =
  | { ok: false; errors: string[] }
  | {
      ok: true;
      outDir: string;
      origin: string;
      locations: BuildOutcome[];
      /** Locations whose folder was removed: no longer listed. */
      removed: string[];
      /** The brand's own files written this time, and how many it has. */
      pagesWritten: number;
      pages: number;
      warnings: string[];
      failed: number;
    };

export async function buildBrandSite(opts: BrandBuildOptions): Promise<BrandBuildResult> {
  const outDir = resolve(opts.outDir);
  const places = placesOf(opts.configPaths);
  if (!places.ok) return places;
  const read = readBrandSite(opts.sitePath, places.cities);
  if (!read.ok) return read;
  const { brand, listed } = read;
  const origin = `https://${brand.domainName}`;
  // The brand's logo, read from beside the brand config, as a city's is from beside its own.
  const brandAssets = configAssetSource(opts.sitePath);
  // Every location shows the brand's identity and links its shared files (issue 36 items 4 and 5),
  // placed as `check --site` places it (brand-site/site.ts brandPlacements).
  const placed = await brandPlacements(brand, listed, brandAssets, opts.sitePath);
  if (!placed.ok) return placed;
  const { identity, placements, spanish } = placed;
  // The brand's own words its Spanish pages show in English (its description), named as a city's are; --strict refuses them before anything is built.
  const own = brandSpanishFallbacks(brand, opts.sitePath);
  if (opts.strict && own.length) return { ok: false, errors: own.map((w) => `${w} (--strict)`) };
  const logo = { file: placed.logo };
  const light = { file: placed.light };

  const manifestPath = brandManifestPath(outDir);
  const manifest = readBrandManifest(manifestPath);
  // Never into the working folder, a folder holding a config and the like (even with --force); nor,
  // on a first build, into a folder holding files of its own (unless --force): the brand site's
  // pages would overwrite them. Later builds know their files from the manifest.
  const keep = [opts.sitePath, ...opts.configPaths].map((p) => ({ path: dirname(resolve(p)), what: `the folder of ${p}` }));
  const firstBuild = Object.keys(manifest.locations).length === 0 && manifest.files.length === 0;
  const refusal = whyNotReplace(outDir, { force: opts.force || !firstBuild, keep: [...new Map(keep.map((k) => [k.path, k])).values()], cwd: opts.cwd });
  if (refusal) return { ok: false, errors: [[refusal.title, refusal.message, refusal.hint].filter(Boolean).join('\n')] };
  const code = codeId();
  const folderOf = (c: { path: string }) => c.path.slice(1, -1); // locations/fl/tampa
  // What the builders make: each listed city's folder, and its Spanish folder where the brand
  // publishes it in Spanish (es/ubicaciones/fl/tampa: issue 40 item 5), each a placed build of its own.
  const units = [
    ...listed.map((c, i) => ({ c, i, placement: placements[i]!, folder: folderOf(c) })),
    ...listed.flatMap((c, i) => (spanish[i] ? [{ c, i, placement: spanish[i], folder: folderOf({ path: locationPath(c.state, c.config.city, 'es') }) }] : [])),
  ];
  const buildTime = new Date(opts.buildTime);
  const hashed = new Map<string, string>();
  // An unchanged location is told here, as a many-city build tells it (incremental.ts): the same
  // config text, the same digest of its inputs and placement, its folders as the build left them.
  // Only the others go to the builders.
  const known = new Map<number, BuildOutcome & { ok: true }>();
  const jobs: { index: number; job: BuildJob }[] = [];
  units.forEach(({ c, placement, folder }, i) => {
    const previous = manifest.locations[folder];
    const jobCode = `${code} ${createHash('sha256').update(JSON.stringify(placement)).digest('base64url')}`;
    const dir = join(outDir, folder);
    const text = places.texts.get(c.configPath);
    if (previous && !opts.force && text !== undefined && previous.text === textHash(text)) {
      const digest = cityDigest(jobCode, previous.configDigest, opts.contactEndpoint, assetHashes(c.configPath, previous.assets, hashed), datedPart(previous.dated, buildTime), buildYear(buildTime));
      if (digest === previous.digest && intact(dir, previous.dirs)) {
        const warnings = givenWarnings(previous.warnings, c.configPath);
        if (!(opts.strict && warnings.length)) {
          const { config: _config, ...record } = previous;
          known.set(i, { ok: true, configPath: c.configPath, slug: c.slug, outDir: dir, files: fileCount(previous), warnings, status: 'unchanged', record });
          return;
        }
      }
    }
    jobs.push({
      index: i,
      job: {
        configPath: c.configPath,
        out: { exact: dir },
        write: { force: opts.force, keep: [{ path: dirname(resolve(c.configPath)), what: `the folder of ${c.configPath}` }] },
        contactEndpoint: opts.contactEndpoint,
        strict: opts.strict,
        buildTime: opts.buildTime,
        placement,
        returnConfig: true,
        incremental: {
          code: jobCode,
          ...(previous && !opts.force ? { previous: { outDir: dir, digest: previous.digest, files: previous.files, dirs: previous.dirs, warnings: previous.warnings } } : {}),
        },
      },
    });
  });
  // Anything a killed build left: the temporary and old folders of a location being swapped.
  removeLeftovers(outDir, units.map((u) => u.folder));
  let reported = 0;
  // A Spanish folder is told as its city in Spanish: `tampa (es)`.
  const spanishDirs = new Set(units.slice(listed.length).map((u) => join(outDir, u.folder)));
  const told = (o: BuildOutcome): BuildOutcome => (o.ok && spanishDirs.has(o.outDir) ? { ...o, slug: `${o.slug} (es)` } : o);
  for (const o of known.values()) opts.onDone?.(told(o), ++reported, units.length);
  const built = await buildMany(
    jobs.map((j) => j.job),
    // This thread builds locations too: faster for the brand site (src/build/pool.ts, WORKERS_ONLY_FROM).
    { workerUrl: opts.workerUrl, onDone: (o) => opts.onDone?.(told(o), ++reported, units.length), mainThread: 'always' },
  );
  const outcomes: BuildOutcome[] = units.map((_, i) => known.get(i)!);
  jobs.forEach((j, k) => (outcomes[j.index] = built[k]!));

  // What is in place now: each location built (or found up to date) is recorded; a failed one keeps its old record.
  const locations: BrandManifest['locations'] = {};
  outcomes.forEach((o, i) => {
    const { folder, c } = units[i]!;
    if (o.ok && o.record) locations[folder] = { config: c.configPath, ...o.record };
    else if (manifest.locations[folder]) locations[folder] = manifest.locations[folder]!;
  });
  // Each location as its builder read it in full: its place must be the one listed (a config
  // edited while the build ran is a failure, told, not a page in the wrong folder).
  const full: ListedCity[] = [];
  const fullConfig = (o: BuildOutcome, i: number) => {
    if (!o.ok) return undefined;
    if (o.config) return o.config;
    // Unchanged, so not read by a builder: read here, only when the brand's pages are made.
    const r = parseConfigText(places.texts.get(units[i]!.c.configPath)!, units[i]!.c.configPath);
    return r.ok ? r.config : undefined;
  };
  const everyUnchanged = known.size === units.length;
  outcomes.forEach((o, i) => {
    const { c, placement } = units[i]!;
    if (everyUnchanged) return;
    const config = fullConfig(o, i);
    if (!config) return;
    const placed = placementOf(brand, { ...c, config }, identity, placement.lang);
    if (config.city !== c.config.city || lookupState(config.state)?.code !== lookupState(c.config.state)?.code || JSON.stringify(placed) !== JSON.stringify(placement)) {
      outcomes[i] = { ok: false, configPath: c.configPath, errors: [`${c.configPath}: its city, state or languages changed while the brand site was built; build again`] };
      return;
    }
    // The brand's pages read each city once (its English unit; a Spanish one is the same config).
    if (i < listed.length) full.push({ ...c, config });
  });
  // One outcome a listed city, its Spanish folder's told with it: a failure of either fails the city.
  const byCity: BuildOutcome[] = outcomes.slice(0, listed.length);
  units.slice(listed.length).forEach((u, k) => {
    const o = outcomes[listed.length + k]!;
    const e = byCity[u.i]!;
    if (!o.ok) byCity[u.i] = e.ok ? o : { ...e, errors: [...new Set([...e.errors, ...o.errors])] };
    else if (e.ok) byCity[u.i] = { ...e, files: e.files + o.files, status: e.status === 'rebuilt' || o.status === 'rebuilt' ? 'rebuilt' : e.status };
  });
  const failed = byCity.filter((o) => !o.ok).length;
  const warnings = [...new Set([...own, ...outcomes.flatMap((o) => (o.ok ? o.warnings : []))])];
  if (failed) {
    writeBrandManifest(manifestPath, { ...manifest, locations: { ...manifest.locations, ...locations } });
    return { ok: true, outDir, origin, locations: byCity, removed: [], pagesWritten: 0, pages: 0, warnings, failed };
  }

  // The brand's own pages, from every listed location's resolved site; not made at all when
  // nothing they are made from changed (the brand config, the code, every location's inputs and
  // place) and they are all there.
  const brandDigest = createHash('sha256')
    .update(JSON.stringify([FORMAT, code, read.text, opts.contactEndpoint ?? null, [logo.file, light.file].map((f) => f && createHash('sha256').update(f.content).digest('base64url')), units.map((u) => [u.folder, locations[u.folder]?.digest])]))
    .digest('base64url');
  let names: string[];
  let pagesWritten = 0;
  if (everyUnchanged && !opts.force && manifest.brand === brandDigest && manifest.files.every((f) => lstatSync(safeJoin(outDir, f), { throwIfNoEntry: false }))) {
    names = manifest.files;
  } else {
    if (everyUnchanged) {
      for (const [i, o] of outcomes.slice(0, listed.length).entries()) {
        const config = fullConfig(o, i);
        if (config) full.push({ ...listed[i]!, config });
      }
    }
    const files = brandOwnFiles(brand, full, placements, { contactEndpoint: opts.contactEndpoint, logo: logo.file, light: light.file, spanish });
    names = Object.keys(files);
    for (const name of names) if (writeIfChanged(outDir, name, files[name]!)) pagesWritten++;
  }

  // What is no longer part of the site: the brand's files it no longer makes, and the folders of
  // locations no longer listed (only those this build wrote), then the folders left empty.
  const keepFiles = new Set(names);
  for (const name of manifest.files) if (!keepFiles.has(name)) rmSync(safeJoin(outDir, name), { force: true });
  const removed: string[] = [];
  for (const [folder, record] of Object.entries(manifest.locations)) {
    if (locations[folder]) continue;
    const dir = safeJoin(outDir, folder);
    if (onlyFiles(dir, fileNames(record))) {
      rmSync(dir, { recursive: true, force: true });
      removed.push(folder);
    }
  }
  for (const name of [...manifest.files, ...removed]) pruneEmpty(outDir, dirname(safeJoin(outDir, name)));
  writeBrandManifest(manifestPath, { tool: 'clinic-gen', format: FORMAT, note: NOTE, locations, files: [...names].sort(), brand: brandDigest });
  return { ok: true, outDir, origin, locations: byCity, removed, pagesWritten, pages: names.length, warnings, failed: 0 };
}

/**
 * `build --brand-site brand.yaml` (stand-alone sites of cities that are also on a brand site): each
 * listed city's canonical address on the brand site, by config path, so its stand-alone site
 * names that one (never both); a city whose config says `canonical: own` keeps its own. The brand
 * config is checked as `build --site` checks it.
 */
export function brandCanonicals(sitePath: string, configPaths: readonly string[]): { ok: true; byConfig: Map<string, string> } | { ok: false; errors: string[] } {
  const places = placesOf(configPaths);
  if (!places.ok) return places;
  const read = readBrandSite(sitePath, places.cities);
  if (!read.ok) return read;
  const byConfig = new Map<string, string>();
  for (const c of read.listed) if (c.config.canonical !== 'own') byConfig.set(c.configPath, placementOf(read.brand, c).siteUrl);
  return { ok: true, byConfig };
}

