import { buildYear } from '../../config/time-zone.js';
import { codeId, datedOf, datedPart } from '../../site/site-inputs.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { BuiltFrom } from '../releases/index.js';

/**
 * What a release is built from besides its files (ReleaseMeta.built), recorded at deploy time so
 * that redeploy-all can skip a site whose live release was built from exactly what it would be
 * built from now: the same clinic-gen code (site/site-inputs.ts codeId), each stored city's same
 * config version, the same special hours shown on the day (datedPart), the same year in the
 * footers (buildYear: a release of last year is rebuilt), and for the brand site the
 * same brand settings, and the same server origin the contact forms post to (PUBLIC_URL, else the
 * admin's own address). An uploaded photo or logo gets a new random name on every upload
 * (`/uploads/photo-<random>.jpg`) and is never rewritten, so a config version covers them.
 */
export function builtFrom(
  cities: readonly { slug: string; version: number; config: Pick<ClinicConfig, 'state' | 'timeZone' | 'specialHours'> }[],
  buildTime: Date,
  { origin, brand, canonical }: { origin: string; brand?: string; canonical?: string },
): BuiltFrom {
  return {
    code: codeId(),
    year: buildYear(buildTime),
    origin,
    ...(canonical ? { canonical } : {}),
    cities: Object.fromEntries(cities.map((c) => [c.slug, { version: c.version, dated: datedPart(datedOf(c.config), buildTime) }])),
    ...(brand ? { brand } : {}),
  };
}

/** True when a release's record names the same inputs as `now`; a release without one (an older clinic-gen) never does. */
export function sameBuild(was: BuiltFrom | undefined, now: BuiltFrom): boolean {
  if (!was || typeof was !== 'object' || was.code !== now.code || was.year !== now.year || was.origin !== now.origin || was.canonical !== now.canonical || was.brand !== now.brand || !was.cities) return false;
  const a = Object.keys(was.cities).sort();
  const b = Object.keys(now.cities).sort();
  return a.length === b.length && a.every((k, i) => k === b[i] && was.cities[k]!.version === now.cities[k]!.version && was.cities[k]!.dated === now.cities[k]!.dated);
}
