import { clinicConfigSchema, type ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { effectivePort, normalizeOrigin } from '../http/origin.js';

/**
 * Every city site this server knows, and which origins may post contact messages for which site
 * (docs/decisions/010-leads-by-city.md). Allowed origins are derived, not typed by hand: the home
 * clinic's own addresses, the domains of deployed sites, the shared sites origin, plus CORS_ORIGINS.
 */

/** A city site: the home clinic (`serve --config`) or a live deployment. */
export interface KnownSite {
  /** City slug (`tampa`): the deployment's site name, or citySlug(city) of the home clinic. */
  slug: string;
  city: string;
  /** The config the site was built from, when the server has it: a failed no-JS post shows its own contact page. */
  config?: ClinicConfig;
  home: boolean;
}

/** What an origin may speak for. */
export type OriginRole =
  /** An origin of one site (its domain, the home clinic's public URL): it speaks for that site only. */
  | { kind: 'own'; site: KnownSite }
  /** The sites origin: every deployment lives there under `/sites/<slug>/`. */
  | { kind: 'shared' }
  /** A CORS_ORIGINS entry: allowed, but tied to no site. */
  | { kind: 'listed' };

/** A live deployment as the release store lists it (ReleaseStore.list()). */
export interface Deployment {
  siteName: string;
  release: { city?: string; domainName?: string; config?: unknown };
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
  /** Live deployments; absent, the directory knows only the home clinic. */
  deployments?: () => Promise<readonly Deployment[]>;
  /** Milliseconds clock, for the refresh timing. */
  now?: () => number;
}

/** A miss re-reads the deployments at most this often: a flood of strangers costs one read a second. */
const MISS_REFRESH_MS = 1000;
/** A hit older than this re-reads in the background, so a deleted site stops being allowed. */
const STALE_MS = 30_000;

interface Snapshot {
  bySlug: Map<string, KnownSite>;
  byOrigin: Map<string, KnownSite>;
  /** A deployed domain's host name -> its site, whatever the scheme or port it is reached by. */
  byDomain: Map<string, KnownSite>;
}

export interface SiteDirectory {
  readonly home: KnownSite;
  /** The role of a normalized origin, after at most one re-read of the deployments on a miss. */
  role(origin: string): Promise<OriginRole | undefined>;
  /** A known site by slug, after at most one re-read on a miss. */
  site(slug: string): Promise<KnownSite | undefined>;
  /** The deployed site whose domain is this lower-cased host name, after at most one re-read on a miss. */
  domain(name: string): Promise<KnownSite | undefined>;
  /** Forgets the deployments read so far: call after a deploy, rollback or delete. */
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
  const home: KnownSite = { slug: citySlug(o.home.city), city: o.home.city, config: o.home, home: true };
  const homeOrigins = [o.publicOrigin, ...ownOrigins(o.home)].filter((x): x is string => x !== undefined);
  const listed = new Set((o.corsOrigins ?? []).map((x) => normalizeOrigin(x)).filter((x): x is string => x !== undefined));

  const build = (deployments: readonly Deployment[]): Snapshot => {
    const bySlug = new Map<string, KnownSite>([[home.slug, home]]);
    const byOrigin = new Map<string, KnownSite>(homeOrigins.map((x) => [x, home]));
    const byDomain = new Map<string, KnownSite>();
    for (const d of deployments) {
      const config = releaseConfig(d.release.config);
      const city = d.release.city ?? config?.city ?? d.siteName;
      // The home clinic deployed as a city site too is one site: its own origins stay the home's.
      const site = d.siteName === home.slug ? home : { slug: d.siteName, city, config, home: false };
      bySlug.set(site.slug, site);
      const origins = ownOrigins({ domainName: d.release.domainName, website: config?.website });
      // An origin already taken (the home clinic's, an earlier site's) is not handed to another site.
      for (const x of origins) if (!byOrigin.has(x)) byOrigin.set(x, site);
      const domain = d.release.domainName?.toLowerCase();
      if (domain && !byDomain.has(domain)) byDomain.set(domain, byOrigin.get(`https://${domain}`) ?? site);
    }
    return { bySlug, byOrigin, byDomain };
  };

  let snapshot = build([]);
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;

  const reload = (): Promise<void> => {
    if (!o.deployments) return Promise.resolve();
    loading ??= o
      .deployments()
      .then(
        (list) => {
          snapshot = build(list);
          loadedAt = now();
        },
        // Unreadable deployments: keep what was known, try again on the next miss.
        () => undefined,
      )
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
    if (listed.has(origin)) return { kind: 'listed' };
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
