import { BRAND_SITE_NAME } from '../../config/brand.js';
import { clinicConfigSchema, type ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { effectivePort, normalizeOrigin } from '../http/origin.js';

/**
 * Every city site this server knows, and the addresses each is known by
 * (docs/decisions/010-leads-by-city.md): a message is filed under the city its form names when
 * that city is here (the home clinic, a deployment, a saved city), and its origin is recorded as
 * one of that city's known addresses or not. The addresses are derived, never typed by hand: the
 * home clinic's own, the domains and websites of deployed and saved cities, the shared sites origin
 * for a deployed city.
 */

/** A city site: the home clinic (`serve --config`), a live deployment or a saved city. */
export interface KnownSite {
  /** City slug (`tampa`): the deployment's site name, the saved city's slug, or citySlug(city) of the home clinic. */
  slug: string;
  city: string;
  /** The config the site was built from, when the server has it: a failed no-JS post shows its own contact page. */
  config?: ClinicConfig;
  home: boolean;
  /** Deployed on this server: its pages live on the sites origin under `/sites/<slug>/`. */
  deployed: boolean;
}

/** A live deployment as the release store lists it (ReleaseStore.list()). */
export interface Deployment {
  siteName: string;
  /** `built.cities`: for the brand site, the cities it lists (its domain is an address of each). */
  release: { city?: string; domainName?: string; config?: unknown; built?: { cities?: Record<string, unknown> } };
}

/** A city saved on this server (CityStore.list(): its latest version), deployed or not. */
export interface StoredSite {
  slug: string;
  city: string;
  /** The latest version's config, when it still passes today's schema: its addresses are the city's. */
  config?: ClinicConfig;
}

export interface SiteDirectoryOptions {
  /** The clinic this server serves at its own root. */
  home: ClinicConfig;
  /** PUBLIC_URL's origin. */
  publicOrigin?: string;
  /**
   * Whether an origin is the sites listener's shared origin (SITES_URL, or any name it answers to on
   * its port: http/hosts.ts sitesOriginTest), where deployments live under /sites/<slug>/.
   */
  isSitesOrigin?: (origin: string) => boolean;
  /** The sites listener's port: a deployed domain on it (`http://tampa.example:3001`) speaks for its site. */
  sitesPort?: number;
  /** Live deployments; absent, the directory knows none. */
  deployments?: () => Promise<readonly Deployment[]>;
  /** Saved cities; absent, the directory knows none. Read with the deployments, invalidated with them. */
  cities?: () => Promise<readonly StoredSite[]>;
  /** Milliseconds clock, for the refresh timing. */
  now?: () => number;
}

/** A miss re-reads the deployments and cities at most this often: a flood of strangers costs one read a second. */
const MISS_REFRESH_MS = 1000;
/** A hit older than this re-reads in the background, so a deleted site stops being known. */
const STALE_MS = 30_000;

interface Snapshot {
  bySlug: Map<string, KnownSite>;
  /** An origin one site alone is known by (the home clinic's first, then deployed domains). */
  byOrigin: Map<string, KnownSite>;
  /** Every address each site is known by, shared ones included (a brand's website several cities name). */
  addresses: Map<string, Set<string>>;
  /** A deployed domain's host name -> its site, whatever the scheme or port it is reached by. */
  byDomain: Map<string, KnownSite>;
}

export interface SiteDirectory {
  readonly home: KnownSite;
  /** The site an origin belongs to alone (none for a shared or unknown one), after at most one re-read on a miss. */
  ownerOf(origin: string): Promise<KnownSite | undefined>;
  /**
   * Whether a normalized origin is one of the site's known addresses: its domain or website (shared
   * with other cities or not), the home clinic's PUBLIC_URL, and for a deployed site the sites
   * origin and its domain on the sites listener's port.
   */
  isAddressOf(site: KnownSite, origin: string): boolean;
  /** Whether a normalized origin is the sites listener's shared origin (deployments under /sites/<slug>/). */
  isSitesOrigin(origin: string): boolean;
  /** A known site by slug, after at most one re-read on a miss. */
  site(slug: string): Promise<KnownSite | undefined>;
  /** The slug of every site this server knows (the home clinic, the saved and the deployed cities). */
  slugs(): Promise<string[]>;
  /** Forgets the deployments and cities read so far: call after a deploy, rollback or delete, and a city's delete. */
  invalidate(): void;
  /**
   * A city just saved, with the config its save checked: applied to what was read, without reading
   * every saved city again (during an import of fifty large files, each save used to make the next
   * contact post wait for all of them, issue 39 item 8). Before the first read, or while one is
   * under way (it may have read the store before this save), it is the same as invalidate().
   */
  cityChanged(site: StoredSite): void;
}

/** Origins a site's own addresses give: `https://<domain>` and the origin of its website URL. */
function ownOrigins(config: { domainName?: string; website?: string }): string[] {
  const out: string[] = [];
  if (config.domainName) out.push(`https://${config.domainName.toLowerCase()}`);
  const web = config.website ? normalizeOrigin(config.website) : undefined;
  if (web) out.push(web);
  return out;
}

/** A deployment's config as the release kept it, if it still passes today's schema. */
function releaseConfig(raw: unknown): ClinicConfig | undefined {
  if (raw === undefined) return undefined;
  const parsed = clinicConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** Builds the directory; deployments are read on first need and again as described above. */
export function createSiteDirectory(o: SiteDirectoryOptions): SiteDirectory {
  const now = o.now ?? Date.now;
  const homeOrigins = [o.publicOrigin, ...ownOrigins(o.home)].filter((x): x is string => x !== undefined);
  // The schema asks every config for a domain or a website, so the home clinic always has an origin.
  const home: KnownSite = { slug: citySlug(o.home.city), city: o.home.city, config: o.home, home: true, deployed: false };

  const build = (deployments: readonly Deployment[], stored: readonly StoredSite[]): Snapshot => {
    // Every site by slug with the addresses that may be its own: a deployment and a saved city of
    // one slug are one site (the deployed config renders its pages; the saved one may be newer).
    const entries = new Map<string, { city: string; config?: ClinicConfig; origins: Set<string>; deployed: boolean }>();
    const entry = (slug: string, city: string, config: ClinicConfig | undefined) => {
      const e = entries.get(slug) ?? { city, config, origins: new Set<string>(), deployed: false };
      e.config ??= config;
      entries.set(slug, e);
      return e;
    };
    // A deployed domain is its site's own: the release store gives a domain to one site only.
    const byDomainSlug = new Map<string, string>();
    const brandOrigins: [string, string][] = [];
    for (const d of deployments) {
      if (d.siteName === BRAND_SITE_NAME) {
        // The brand site is no city: its domain is an address of each city it lists, whose forms
        // post from /locations/<st>/<city>/contact/ there (decision 021).
        const domain = d.release.domainName?.toLowerCase();
        if (domain) for (const slug of Object.keys(d.release.built?.cities ?? {})) brandOrigins.push([slug, `https://${domain}`]);
        continue;
      }
      const config = releaseConfig(d.release.config);
      const e = entry(d.siteName, d.release.city ?? config?.city ?? d.siteName, config);
      e.deployed = true;
      for (const x of ownOrigins({ website: config?.website })) e.origins.add(x);
      const domain = d.release.domainName?.toLowerCase();
      if (domain && !byDomainSlug.has(domain)) byDomainSlug.set(domain, d.siteName);
    }
    for (const c of stored) {
      const e = entry(c.slug, c.city, c.config);
      if (c.config) for (const x of ownOrigins(c.config)) e.origins.add(x);
    }
    // Only cities this server knows otherwise (saved or deployed): the brand site lists saved ones.
    for (const [slug, origin] of brandOrigins) entries.get(slug)?.origins.add(origin);

    // Which slug an origin belongs to alone: the home clinic's addresses first, then deployed
    // domains, then any other address a config names, unless the configs of two sites name it (a
    // brand's website: then it is an address of each, and no one site's own).
    const owner = new Map<string, string>(homeOrigins.map((x) => [x, home.slug]));
    for (const [domain, slug] of byDomainSlug) if (!owner.has(`https://${domain}`)) owner.set(`https://${domain}`, slug);
    const named = new Map<string, string | null>();
    for (const [slug, e] of entries) {
      for (const x of e.origins) {
        // The sites origin is every deployment's: a website naming it (`.../sites/tampa/`) is not Tampa's alone.
        if (owner.has(x) || o.isSitesOrigin?.(x)) continue;
        const before = named.get(x);
        named.set(x, before === undefined || before === slug ? slug : null);
      }
    }
    for (const [x, slug] of named) if (slug !== null) owner.set(x, slug);

    const bySlug = new Map<string, KnownSite>([[home.slug, { ...home, deployed: entries.get(home.slug)?.deployed ?? false }]]);
    for (const [slug, e] of entries) {
      // The home clinic deployed or saved as a city too is one site: its own origins stay the home's.
      if (slug !== home.slug) bySlug.set(slug, { slug, city: e.city, config: e.config, home: false, deployed: e.deployed });
    }
    const addresses = new Map<string, Set<string>>();
    for (const [slug, e] of entries) addresses.set(slug, new Set(e.origins));
    addresses.set(home.slug, new Set([...(addresses.get(home.slug) ?? []), ...homeOrigins]));
    for (const [domain, slug] of byDomainSlug) addresses.get(slug)?.add(`https://${domain}`);
    const byOrigin = new Map<string, KnownSite>();
    for (const [x, slug] of owner) byOrigin.set(x, bySlug.get(slug)!);
    const byDomain = new Map<string, KnownSite>();
    for (const [domain, slug] of byDomainSlug) byDomain.set(domain, byOrigin.get(`https://${domain}`) ?? bySlug.get(slug)!);
    return { bySlug, byOrigin, addresses, byDomain };
  };

  let snapshot = build([], []);
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  // Invalidations told so far: a read that began before the last one may have missed it, so it
  // does not count as fresh (the next lookup reads again), though what it read is used meanwhile.
  let changes = 0;
  // Cities saved while a read was under way: applied over what it read, which may predate them.
  let pending: StoredSite[] = [];
  const withSaved = (list: readonly StoredSite[], saved: readonly StoredSite[]) =>
    saved.length === 0 ? list : [...list.filter((c) => !saved.some((s) => s.slug === c.slug)), ...saved];
  // What each source gave last: one that cannot be read keeps what it gave before.
  let lastDeployments: readonly Deployment[] = [];
  let lastCities: readonly StoredSite[] = [];

  const reload = (): Promise<void> => {
    if (!o.deployments && !o.cities) return Promise.resolve();
    const read = <T>(source: (() => Promise<readonly T[]>) | undefined, before: readonly T[]) =>
      source ? source().then((list) => ({ ok: true as const, list }), () => ({ ok: false as const, list: before })) : Promise.resolve({ ok: true as const, list: before });
    const at = changes;
    loading ??= Promise.all([read(o.deployments, lastDeployments), read(o.cities, lastCities)])
      .then(([deployments, cities]) => {
        lastDeployments = deployments.list;
        lastCities = withSaved(cities.list, pending);
        pending = [];
        snapshot = build(lastDeployments, lastCities);
        // A source that failed is tried again on the next miss, as is a read an invalidation overtook.
        if (deployments.ok && cities.ok && changes === at) loadedAt = now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  const freshEnough = (maxAge: number) => now() - loadedAt < maxAge;
  const lookup = async <T>(find: () => T | undefined): Promise<T | undefined> => {
    // After a deploy, rollback or delete the next answer waits for the new list.
    if (loadedAt === -Infinity) await reload();
    const hit = find();
    if (hit !== undefined) {
      if (!freshEnough(STALE_MS)) void reload();
      return hit;
    }
    if (!freshEnough(MISS_REFRESH_MS)) await reload();
    return find();
  };

  // The sites listener serves a deployment on its domain under any scheme and port it is reached by;
  // on the listener's own port that origin is the deployment's, never the shared one.
  const domainOnPort = (origin: string, port: number): KnownSite | undefined => {
    let u: URL;
    try {
      u = new URL(origin);
    } catch {
      return undefined; // 'null': an opaque origin is nobody's address
    }
    return effectivePort(u) === String(port) ? snapshot.byDomain.get(u.hostname) : undefined;
  };

  const ownerNow = (origin: string): KnownSite | undefined => {
    const site = snapshot.byOrigin.get(origin);
    if (site) return site;
    return o.sitesPort === undefined ? undefined : domainOnPort(origin, o.sitesPort);
  };

  const isAddressOf = (site: KnownSite, origin: string): boolean => {
    if (snapshot.addresses.get(site.slug)?.has(origin)) return true;
    const deployed = snapshot.bySlug.get(site.slug)?.deployed ?? false;
    if (!deployed) return false;
    if (o.isSitesOrigin?.(origin)) return true;
    return o.sitesPort !== undefined && domainOnPort(origin, o.sitesPort)?.slug === site.slug;
  };

  return {
    home,
    ownerOf: (origin) => lookup(() => ownerNow(origin)),
    isAddressOf,
    isSitesOrigin: (origin) => o.isSitesOrigin?.(origin) ?? false,
    site: (slug) => lookup(() => snapshot.bySlug.get(slug)),
    slugs: async () => {
      if (!freshEnough(STALE_MS)) await reload();
      return [...snapshot.bySlug.keys()];
    },
    invalidate: () => {
      loadedAt = -Infinity;
      changes += 1;
    },
    cityChanged(site) {
      // Nothing read yet: the first read finds the city in the store.
      if (loadedAt === -Infinity && !loading) return;
      if (loading) {
        pending.push(site);
        return;
      }
      lastCities = withSaved(lastCities, [site]);
      snapshot = build(lastDeployments, lastCities);
    },
  };
}
