import type { ClinicConfig } from '../../config/schema.js';
import type { CityStore, NewVersion } from './types.js';
import { checkText } from './yaml.js';

/**
 * What the contact API's site directory learns from the saved cities (docs/decisions/010): each
 * city's domain and website are origins allowed to post for it, deployed or not ("the domains of
 * configs the server knows"). The two sides share no code (test/architecture.test.ts); app.ts
 * wires this feed into the directory.
 */

/** A saved city as the site directory reads it. */
export interface SavedSite {
  slug: string;
  city: string;
  /** The latest version's config; absent when it no longer passes today's schema (it names no origin then). */
  config?: ClinicConfig;
}

/** The feed of saved cities; `know` is told the config of a version just saved, so no read parses it again. */
export type SavedSitesFeed = (() => Promise<SavedSite[]>) & { know(v: { slug: string; digest: string; config: ClinicConfig }): void };

/**
 * Lists the saved cities with their latest configs. The directory re-reads at most once a second
 * on a miss, after a change it cannot apply itself and every 30 s, so each version's text is
 * parsed once: by digest, equal digests being equal configs (a version saved here is known by the
 * config its save checked, `know`).
 */
export function savedSites(cities: Pick<CityStore, 'list'>): SavedSitesFeed {
  let parsed = new Map<string, ClinicConfig | undefined>();
  const feed = async () => {
    const next = new Map<string, ClinicConfig | undefined>();
    const sites = (await cities.list()).map((v) => {
      const key = `${v.slug}:${v.digest}`;
      let config = parsed.get(key);
      if (!parsed.has(key)) {
        // Only the city's addresses are read here (its domain and website); a version saved before
        // its hours and legal facts were given still names them, so it is read with the facts a
        // version of before decision 14 published, which the directory never shows: a site hosted
        // elsewhere keeps its form while its city is being completed.
        const read = checkText(`${v.slug}.yaml`, v.yaml, { publishedFacts: true });
        config = read.ok ? read.config : undefined;
      }
      next.set(key, config);
      return { slug: v.slug, city: v.city, config };
    });
    // Kept: the versions listed, and any told of since the list was read.
    for (const [key, config] of parsed) if (!next.has(key) && told.has(key)) next.set(key, config);
    told.clear();
    parsed = next;
    return sites;
  };
  const told = new Set<string>();
  return Object.assign(feed, {
    know(v: { slug: string; digest: string; config: ClinicConfig }) {
      const key = `${v.slug}:${v.digest}`;
      parsed.set(key, v.config);
      told.add(key);
    },
  });
}

/** A version just stored, as the directory takes it: its city and the config its save checked. */
export type SavedVersion = Pick<NewVersion, 'slug' | 'city' | 'digest' | 'config'>;

/**
 * The store, calling `changed` after each save that stored a version (with that version) and each
 * delete or undelete (without): a saved city's addresses may post for it from then on, a deleted
 * city's no longer.
 */
export function notifyingCityStore(store: CityStore, changed: (saved?: SavedVersion) => void): CityStore {
  return {
    list: () => store.list(),
    latest: (slug) => store.latest(slug),
    version: (slug, version) => store.version(slug, version),
    versions: (slug) => store.versions(slug),
    findByDigest: (slug, digest) => store.findByDigest(slug, digest),
    exists: (slug) => store.exists(slug),
    async save(version, mode) {
      const result = await store.save(version, mode);
      if (result.status === 'created' || result.status === 'saved') changed(version);
      return result;
    },
    async remove(slug, keepHistory) {
      const removed = await store.remove(slug, keepHistory);
      if (removed) changed();
      return removed;
    },
    trash: () => store.trash(),
    async undelete(slug) {
      const back = await store.undelete(slug);
      if (back) changed();
      return back;
    },
    purgeDeleted: (before) => store.purgeDeleted(before),
    setPin: (slug, pin) => store.setPin(slug, pin),
    pins: () => store.pins(),
    claimFlag: (key, value) => store.claimFlag(key, value),
    readFlag: (key) => store.readFlag(key),
    redeploys: store.redeploys,
  };
}
