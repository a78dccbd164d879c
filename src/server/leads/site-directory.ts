import { clinicConfigSchema, type ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { effectivePort, normalizeOrigin } from '../http/origin.js';

/**
 * Every city site this server knows, and which origins may post contact messages for which site
 * (docs/decisions/010-leads-by-city.md). Allowed origins are derived, not typed by hand: the home
 * clinic's own addresses, the domains and websites of deployed sites and of saved cities, the
 * shared sites origin, plus CORS_ORIGINS.
 */

/** A city site: the home clinic (`serve --config`), a live deployment or a saved city. */
export interface KnownSite {
  /** City slug (`tampa`): the deployment's site name, the saved city's slug, or citySlug(city) of the home clinic. */
  slug: string;
  city: string;
  /** The config the site was built from, when the server has it: a failed no-JS post shows its own contact page. */
  config?: ClinicConfig;
  home: boolean;
  /**
   * Some origin speaks for this site alone (its domain, its website): its pages live there, so an
   * origin tied to no site may not file messages under it (attribution.ts).
   */
  tied: boolean;
}

/** What an origin may speak for. */
export type OriginRole =
  /** An origin of one site (its domain, the home clinic's public URL): it speaks for that site only. */
  | { kind: 'own'; site: KnownSite }
  /** The sites origin: every deployment lives there under `/sites/<slug>/`. */
  | { kind: 'shared' }
  /**
   * Allowed, but tied to no site: a CORS_ORIGINS entry, or an address the configs of several sites
   * name (a brand's main website) and so no one site's own.
   */
  | { kind: 'listed' };

/** A live deployment as the release store lists it (ReleaseStore.list()). */
export interface Deployment {
  siteName: string;
  release: { city?: string; domainName?: string; config?: unknown };
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
  /** CORS_ORIGINS as configured. */
  corsOrigins?: readonly string[];
  /** Live deployments; absent, the directory knows none. */
  deployments?: () => Promise<readonly Deployment[]>;
  /** Saved cities; absent, the directory knows none. Read with the deployments, invalidated with them. */
  cities?: () => Promise<readonly StoredSite[]>;
  /** Milliseconds clock, for the refresh timing. */
  now?: () => number;
}

/** A miss re-reads the deployments and cities at most this often: a flood of strangers costs one read a second. */
const MISS_REFRESH_MS = 1000;
/** A hit older than this re-reads in the background, so a deleted site stops being allowed. */
const STALE_MS = 30_000;

interface Snapshot {
  bySlug: Map<string, KnownSite>;
  byOrigin: Map<string, KnownSite>;
  /** A deployed domain's host name -> its site, whatever the scheme or port it is reached by. */
  byDomain: Map<string, KnownSite>;
  /** Addresses the configs of several sites name: allowed, tied to none. */
  shared: Set<string>;
}

export interface SiteDirectory {
  readonly home: KnownSite;
  /** The role of a normalized origin, after at most one re-read of the deployments on a miss. */
  role(origin: string): Promise<OriginRole | undefined>;
  /** A known site by slug, after at most one re-read on a miss. */
  site(slug: string): Promise<KnownSite | undefined>;
  /** The deployed site whose domain is this lower-cased host name, after at most one re-read on a miss. */
  domain(name: string): Promise<KnownSite | undefined>;
  /** Forgets the deployments and cities read so far: call after a deploy, rollback or delete, and a city's save or delete. */
  invalidate(): void;
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
  const home: KnownSite = { slug: citySlug(o.home.city), city: o.home.city, config: o.home, home: true, tied: homeOrigins.length > 0 };
  const listed = new Set((o.corsOrigins ?? []).map((x) => normalizeOrigin(x)).filter((x): x is string => x !== undefined));

  const build = (deployments: readonly Deployment[], stored: readonly StoredSite[]): Snapshot => {
    // Every site by slug with the addresses that may be its own: a deployment and a saved city of
    // one slug are one site (the deployed config renders its pages; the saved one may be newer).
    const entries = new Map<string, { city: string; config?: ClinicConfig; origins: Set<string> }>();
    const entry = (slug: string, city: string, config: ClinicConfig | undefined) => {
      const e = entries.get(slug) ?? { city, config, origins: new Set<string>() };
      e.config ??= config;
      entries.set(slug, e);
      return e;
    };
    // A deployed domain is its site's own: the release store gives a domain to one site only.
    const byDomainSlug = new Map<string, string>();
    for (const d of deployments) {
      const config = releaseConfig(d.release.config);
      const e = entry(d.siteName, d.release.city ?? config?.city ?? d.siteName, config);
      for (const x of ownOrigins({ website: config?.website })) e.origins.add(x);
      const domain = d.release.domainName?.toLowerCase();
      if (domain && !byDomainSlug.has(domain)) byDomainSlug.set(domain, d.siteName);
    }
    for (const c of stored) {
      const e = entry(c.slug, c.city, c.config);
      if (c.config) for (const x of ownOrigins(c.config)) e.origins.add(x);
    }

    // Which slug each origin speaks for: the home clinic's addresses first, then deployed domains,
    // then any other address a config names, unless the configs of two sites name it (then it is
    // allowed but tied to neither: a Tampa page there must not file as Orlando, nor the reverse).
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
    const shared = new Set<string>();
    for (const [x, slug] of named) {
      if (slug === null) shared.add(x);
      else owner.set(x, slug);
    }

    const tied = new Set(owner.values());
    const bySlug = new Map<string, KnownSite>([[home.slug, home]]);
    for (const [slug, e] of entries) {
      // The home clinic deployed or saved as a city too is one site: its own origins stay the home's.
      if (slug !== home.slug) bySlug.set(slug, { slug, city: e.city, config: e.config, home: false, tied: tied.has(slug) });
    }
    const byOrigin = new Map<string, KnownSite>();
    for (const [x, slug] of owner) byOrigin.set(x, bySlug.get(slug)!);
    const byDomain = new Map<string, KnownSite>();
    for (const [domain, slug] of byDomainSlug) byDomain.set(domain, byOrigin.get(`https://${domain}`) ?? bySlug.get(slug)!);
    return { bySlug, byOrigin, byDomain, shared };
  };

  let snapshot = build([], []);
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  // What each source gave last: one that cannot be read keeps what it gave before.
  let lastDeployments: readonly Deployment[] = [];
  let lastCities: readonly StoredSite[] = [];

  const reload = (): Promise<void> => {
    if (!o.deployments && !o.cities) return Promise.resolve();
    const read = <T>(source: (() => Promise<readonly T[]>) | undefined, before: readonly T[]) =>
      source ? source().then((list) => ({ ok: true as const, list }), () => ({ ok: false as const, list: before })) : Promise.resolve({ ok: true as const, list: before });
    loading ??= Promise.all([read(o.deployments, lastDeployments), read(o.cities, lastCities)])
      .then(([deployments, cities]) => {
        lastDeployments = deployments.list;
        lastCities = cities.list;
        snapshot = build(lastDeployments, lastCities);
        // A source that failed is tried again on the next miss.
        if (deployments.ok && cities.ok) loadedAt = now();
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
    const u = new URL(origin);
    return effectivePort(u) === String(port) ? snapshot.byDomain.get(u.hostname) : undefined;
  };

  const roleNow = (origin: string): OriginRole | undefined => {
    const site = snapshot.byOrigin.get(origin);
    if (site) return { kind: 'own', site };
    const onDomain = o.sitesPort === undefined ? undefined : domainOnPort(origin, o.sitesPort);
    if (onDomain !== undefined) return { kind: 'own', site: onDomain };
    if (o.isSitesOrigin?.(origin)) return { kind: 'shared' };
    if (listed.has(origin) || snapshot.shared.has(origin)) return { kind: 'listed' };
    return undefined;
  };

  return {
    home,
    role: (origin) => lookup(() => roleNow(origin)),
    site: (slug) => lookup(() => snapshot.bySlug.get(slug)),
    domain: (name) => lookup(() => snapshot.byDomain.get(name)),
    invalidate: () => {
      loadedAt = -Infinity;
    },
  };
}
