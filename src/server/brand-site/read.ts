import { createHash } from 'node:crypto';
import { brandSiteSchema, configNameOf, readBrandSiteText, type BrandSiteConfig, type ListedCity } from '../../brand-site/config.js';
import { readYamlWith } from '../../config/load.js';
import { lookupState } from '../../config/states.js';
import { placementOf } from '../../brand-site/site.js';
import type { ClinicConfig } from '../../config/schema.js';
import { checkVersion, type CityVersion } from '../cities/index.js';

/** The brand settings' name in messages: the file the admin's Brand settings write (<data>/brand.yaml). */
export const BRAND_SITE_FILE = 'brand.yaml';

/** A listed city as the server builds it: the ListedCity of the brand site and the stored version it comes from. */
export interface StoredListedCity extends ListedCity {
  version: CityVersion;
}

export type StoredBrandSiteRead =
  | { ok: true; brand: BrandSiteConfig; listed: StoredListedCity[]; brandDigest: string }
  | { ok: false; errors: string[]; noDomain?: boolean };

/**
 * The brand site from the stored brand settings' text and the stored cities (the server's
 * counterpart of brand-site/config.ts readBrandSite, which reads files): a stored city's config
 * name is its slug. Without `locations` every stored city that is not deleted is listed (by state,
 * then city), deployed or not: the brand site is the clinic group's whole list, and a city saved
 * but never deployed on its own domain still gets its page there. With `locations`, each state
 * code's slugs in their order. Every problem is a line naming the field; nothing is built when
 * there is one.
 */
export function readStoredBrandSite(text: string | undefined, stored: readonly CityVersion[]): StoredBrandSiteRead {
  if (text === undefined) return { ok: false, noDomain: true, errors: [`${BRAND_SITE_FILE} domainName: no brand site domain yet; set it in Brand settings`] };
  const read = readYamlWith(brandSiteSchema, text, BRAND_SITE_FILE, 'brand settings with a domainName');
  if (!read.ok) {
    const noDomain = read.errors.some((e) => / domainName: /.test(e)) && !/^\s*domainName\s*:/m.test(text);
    return { ok: false, errors: read.errors, noDomain };
  }
  const errors: string[] = [];
  const bySlug = new Map<string, CityVersion>();
  const cities: { configPath: string; config: ClinicConfig }[] = [];
  for (const v of stored) {
    const checked = checkVersion(v);
    if (checked.ok) {
      bySlug.set(v.slug, v);
      cities.push({ configPath: `${v.slug}.yaml`, config: checked.config });
    } else if (!read.value.locations) errors.push(...checked.errors);
  }
  if (errors.length) return { ok: false, errors };
  // A stored city's config name is its slug (`tampa.yaml`): the brand settings list slugs.
  const site = readBrandSiteText(text, BRAND_SITE_FILE, cities, { unknown: (name) => `no saved city ${name}`, none: 'no saved city to list' });
  if (!site.ok) return site;
  const listed = site.listed.map((c) => ({ ...c, version: bySlug.get(configNameOf(c.configPath))! }));
  return { ok: true, brand: site.brand, listed, brandDigest: digestOf(site.brand) };
}

/** The digest of checked brand settings: equal digests, the same brand site settings (comments and key order aside). */
function digestOf(brand: BrandSiteConfig): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
  return createHash('sha256').update(JSON.stringify(sorted(brand))).digest('hex').slice(0, 32);
}

/**
 * A saved city's page on the brand site at `domain` (`https://<domain>/locations/<st>/<city>`): where
 * its own site's canonical links point while the live brand site lists it (issue 24, `canonical:
 * brand`, the default; the composition asks the release store whether it does).
 */
export function brandLocationUrl(domain: string, config: ClinicConfig): string | undefined {
  const state = lookupState(config.state);
  if (!state || config.canonical === 'own') return undefined;
  return placementOf({ businessName: '', domainName: domain }, { config, state: state.code.toLowerCase(), stateName: state.name }).siteUrl;
}
