import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import * as z from 'zod';
import { brandLegalSchema, brandSchema } from '../config/brand.js';
import { domainName } from '../config/fields.js';
import { readYamlWith } from '../config/load.js';
import type { ClinicConfig } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import { US_STATES, lookupState } from '../config/states.js';
import { locationPath } from './pages/model.js';

/**
 * The brand site's config (issue 24): one site for the whole clinic group on its own domain, with
 * a page per location. It is the brand settings (config/brand.ts: name, description, colour,
 * typeface, logo, services) plus the brand's domain and, optionally, which cities are listed, by
 * state: `locations: { FL: [tampa, orlando] }`, each a city config's file name without `.yaml`.
 * Absent, every city config given is listed.
 */
const configName = z
  .string({ error: 'expected the file name of a city config, without .yaml, like tampa' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'expected the file name of a city config, without .yaml, like tampa' });

export const brandSiteSchema = z.strictObject({
  ...brandSchema.shape,
  domainName: domainName(),
  // Required for a brand site, each missing fact named by its own field (legal.effectiveDate: required: ...).
  legal: brandLegalSchema.prefault(() => ({}) as z.input<typeof brandLegalSchema>),
  locations: z
    .record(z.string(), z.array(configName, { error: 'expected a list of city config names, like [tampa, orlando]' }).min(1, { error: 'expected at least one city config name' }), {
      error: 'expected the listed cities by state, like FL: [tampa, orlando]',
    })
    .optional(),
});

export type BrandSiteConfig = z.output<typeof brandSiteSchema>;

/** What the listing reads of a city config: its city and state (a config read in full, or only these two fields of it). */
export type CityPlace = Pick<ClinicConfig, 'city' | 'state'>;

/** A city config as the brand site lists it. */
export interface ListedCity<C extends CityPlace = ClinicConfig> {
  configPath: string;
  config: C;
  /** Lowercase state code, the directory's path segment: `fl`. */
  state: string;
  stateName: string;
  slug: string;
  /** `/locations/fl/tampa/` */
  path: string;
}

export type BrandSiteRead<C extends CityPlace = ClinicConfig> =
  | { ok: true; brand: BrandSiteConfig; listed: ListedCity<C>[]; /** The text read. */ text: string }
  | { ok: false; errors: string[] };

/** The config name a city config file goes by in `locations`: its file name without `.yaml`. */
export function configNameOf(path: string): string {
  return basename(path, extname(path));
}

/**
 * Reads the brand site's config at `file` and picks the listed cities from `cities` (validated
 * city configs), in the order the brand config lists them (else by state, then city). Every
 * problem names the file, line, column and field, and nothing is built when there is one: a state
 * code that does not exist, a name with no city config, a city listed under another state than its
 * config's, two cities with one path (`/locations/fl/tampa/`).
 */
export function readBrandSite<C extends CityPlace>(file: string, cities: readonly { configPath: string; config: C }[]): BrandSiteRead<C> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, errors: [`${file}: cannot read the brand site's config (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a YAML file' : String(code ?? err)})`] };
  }
  return readBrandSiteText(text, file, cities);
}

/**
 * readBrandSite for a brand config's text named `file` in messages: the clinic server's brand
 * settings (src/server/brand-site/), whose cities are the stored ones, each named by its slug.
 */
export function readBrandSiteText<C extends CityPlace>(
  text: string,
  file: string,
  cities: readonly { configPath: string; config: C }[],
  say: { unknown: (name: string, known: string) => string; none: string } = {
    unknown: (name, known) => `no city config named ${name} among the configs given${known ? ` (${known})` : ''}`,
    none: 'no city to list: give city configs with --config, or list them under locations',
  },
): BrandSiteRead<C> {
  const read = readYamlWith(brandSiteSchema, text, file, 'a mapping of fields like "businessName: Northstar Men\'s Health" and "domainName: northstarhealth.example.com"');
  if (!read.ok) return read;
  const brand = read.value;
  const errors: string[] = [];
  const byName = new Map<string, { configPath: string; config: C }>();
  for (const c of cities) byName.set(configNameOf(c.configPath), c);
  const listedEntries: { city: { configPath: string; config: C }; where?: string; field?: string }[] = [];
  if (brand.locations) {
    const seen = new Map<string, string>();
    for (const [key, names] of Object.entries(brand.locations)) {
      const code = key.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(code) || !US_STATES[code]) {
        errors.push(`${read.keyAt(['locations'], key)} locations.${key}: "${key}" is not a US state code; expected a two-letter code like FL or GA`);
        continue;
      }
      names.forEach((name, i) => {
        const field = `locations.${key}[${i}]`;
        const where = read.at(['locations', key, i]);
        const city = byName.get(name);
        if (!city) {
          const known = [...byName.keys()].slice(0, 8).join(', ') + (byName.size > 8 ? ', ...' : '');
          errors.push(`${where} ${field}: ${say.unknown(name, known)}`);
          return;
        }
        if (seen.has(name)) {
          errors.push(`${where} ${field}: ${name} is listed twice (also ${seen.get(name)})`);
          return;
        }
        seen.set(name, field);
        const own = lookupState(city.config.state)!.code;
        if (own !== code) {
          errors.push(`${where} ${field}: ${name} is a city in ${own} (its config's state), not in ${code}; list it under ${own}`);
          return;
        }
        listedEntries.push({ city, where, field });
      });
    }
  } else {
    for (const city of cities) listedEntries.push({ city });
  }
  const byPath = new Map<string, { configPath: string; where?: string; field?: string }>();
  const listed: ListedCity<C>[] = [];
  for (const { city, where, field } of listedEntries) {
    const state = lookupState(city.config.state)!;
    const slug = citySlug(city.config.city.trim());
    const path = locationPath(state.code, city.config.city.trim());
    const other = byPath.get(path);
    if (other) {
      const here = where ? `${where} ${field}` : `${city.configPath} city`;
      errors.push(`${here}: ${city.configPath} and ${other.configPath} are both ${city.config.city}, ${state.code}: two locations cannot share the path ${path}; list one of them, or rename a city`);
      continue;
    }
    byPath.set(path, { configPath: city.configPath, where, field });
    listed.push({ configPath: city.configPath, config: city.config, state: state.code.toLowerCase(), stateName: state.name, slug, path });
  }
  if (listed.length === 0 && errors.length === 0) errors.push(`${file}: ${say.none}`);
  if (errors.length) return { ok: false, errors };
  if (!brand.locations) listed.sort((a, b) => (a.state === b.state ? a.config.city.localeCompare(b.config.city, 'en') : a.stateName.localeCompare(b.stateName, 'en')));
  return { ok: true, brand, listed, text };
}
