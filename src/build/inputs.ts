import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClinicConfig } from '../config/schema.js';
import { configAssetSource, fileStamp } from '../site/asset-source.js';
import { buildYear } from '../config/time-zone.js';
import { codeId, datedOf, datedPart } from '../site/site-inputs.js';

export { buildYear, codeId, datedOf, datedPart };

/**
 * The inputs of a city's site, digested: everything its files are made from, so that a build can
 * tell, without making the site, that the files it would write are the ones already there.
 *
 * - the config as validated, as JSON: zod builds every object of it in its schema's field order
 *   (the schema has only strict objects, no records), so the order fields are written in, comments
 *   and quoting do not count. (config/digest.ts sorts every object's keys to the same end, at ten
 *   times the cost: some 30 ms of CPU in a build of 200 cities. Should the schema gain a record,
 *   its keys would come in the order written: a city rebuilt for nothing, never one left stale.)
 * - `--contact-endpoint`, which wins over the config's contactEndpoint (the only place outside the
 *   config the endpoint comes from: build reads no variable for it);
 * - the bytes of every file the config names by site path: the logo, the light logo, the photos;
 * - the code (codeId): templates, stylesheet, island, card drawing, the fonts, the photo encoder;
 * - for a config with special hours, which of them the site shows on the build day (datedPart):
 *   not the day itself, so a city is rebuilt on the day after an entry's last day and not every
 *   day;
 * - the build's year (buildYear), which the footer's copyright line shows: every city is rebuilt
 *   on the first build of a new year. Nothing else a site shows depends on the day.
 */
export interface CityInputs {
  /** The digest of the config as validated (configHash). */
  configDigest: string;
  /** The site paths of the files the config names, in the order the digest takes them. */
  assets: string[];
  /** The digest of all of it. */
  digest: string;
  /** For a config with special hours, what the manifest keeps to tell the shown entries without the config (DatedPart). */
  dated?: string;
}

/** The files a config names by site path, which the site pipeline reads (logo.ts, images/read-photos.ts). */
export function assetPathsOf(config: ClinicConfig): string[] {
  const paths: string[] = [];
  for (const url of [config.logoUrl, config.logoLightUrl]) if (url?.startsWith('/')) paths.push(url);
  const { hero, gallery } = config.photos;
  if (hero) paths.push(hero.src);
  for (const p of gallery) paths.push(p.src);
  for (const m of config.localContent.team) if (m.photo) paths.push(m.photo.src);
  return paths;
}

/** The inputs of one city built from the config at `configPath` (for its assets' folder). */
export function cityInputs(config: ClinicConfig, configPath: string, contactEndpoint: string | undefined, code: string, buildTime: Date): CityInputs {
  const digest = configHash(config);
  const assets = assetPathsOf(config);
  const dated = datedOf(config);
  return {
    configDigest: digest,
    assets,
    digest: cityDigest(code, digest, contactEndpoint, assetHashes(configPath, assets), datedPart(dated, buildTime), buildYear(buildTime)),
    ...(dated ? { dated } : {}),
  };
}

/** The digest of a config as validated (see CityInputs). */
export function configHash(config: ClinicConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('base64url');
}

/** The digest of a city from its parts (see CityInputs). */
export function cityDigest(
  code: string,
  configDigest: string,
  contactEndpoint: string | undefined,
  assets: readonly (readonly [string, string])[],
  dated: number | null,
  year: number,
): string {
  return createHash('sha256')
    .update(JSON.stringify(['clinic-gen site inputs 3', code, configDigest, contactEndpoint ?? null, assets, dated, year]))
    .digest('base64url');
}

/**
 * Each site path with the SHA-256 of the file it names beside the config (`-` when there is none).
 * `seen` keeps what one run hashed, by the config's folder and the site path: 1,000 configs of one
 * folder naming one photo make one asset source and stat the file once (for each config, that was
 * 12 ms of a rebuild of 1,000 cities).
 */
export function assetHashes(configPath: string, paths: readonly string[], seen?: Map<string, string>): [string, string][] {
  if (paths.length === 0) return [];
  const dir = dirname(configPath);
  let source: ReturnType<typeof configAssetSource> | undefined;
  return paths.map((p) => {
    const key = `${dir}\0${p}`;
    let hash = seen?.get(key);
    if (hash === undefined) {
      hash = fileHash((source ??= configAssetSource(configPath)).fileFor(p));
      seen?.set(key, hash);
    }
    return [p, hash];
  });
}

/**
 * SHA-256 of a file's bytes, read once per process while its stamp (device, inode, size, times)
 * stays the same: 1,000 configs naming one photo read it once. A file changed in the last moments
 * has no stamp and is read every time (asset-source.ts).
 */
const hashes = new Map<string, { stamp: string; hash: string }>();

export function fileHash(file: string): string {
  const stamp = fileStamp(file);
  const known = stamp && hashes.get(file);
  if (known && known.stamp === stamp) return known.hash;
  let hash: string;
  try {
    hash = createHash('sha256').update(readFileSync(file)).digest('base64url');
  } catch {
    return '-';
  }
  if (stamp) hashes.set(file, { stamp, hash });
  return hash;
}

/** The SHA-256 of a text (a config's), for the manifest. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

