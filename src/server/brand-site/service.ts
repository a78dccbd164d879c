import type { BrandDoorway, BrandPagesSummary } from '../../contract/brand.js';
import { compareBrandPages } from '../../check/brand-pages.js';
import { BRAND_SITE_NAME } from '../../config/brand.js';
import { buildInstant } from '../../config/time-zone.js';
import { dataImageCacheDir } from '../../site/images/cache-dir.js';
import { brandSiteDoorway, brandSiteInvalid, brandSiteNoDomain } from '../../texts/cities.js';
import type { Message } from '../../texts/message.js';
import * as M from '../../texts/server.js';
import type { SiteFiles } from '../../model/files.js';
import type { Placement } from '../../pages/placement.js';
import { locationPath } from '../../brand-site/pages/model.js';
import { checkSiteFiles, type SiteBytes } from '../bundle/files.js';
import { textOf } from '../http/api-error.js';
import type { BrandStore } from '../brand/index.js';
import { builtFrom, createDoorwayCheck, sameBuild, type CityStore, type DeployPlace } from '../cities/index.js';
import { BUILD_RETRY_AFTER_SECONDS, siteBuilds } from '../packages/index.js';
import { buildQueueFull } from '../../texts/admin.js';
import type { BuiltFrom, ReleaseMeta, ReleaseStore } from '../releases/index.js';
import type { UploadStore } from '../uploads/index.js';
import { cityAssetSource } from '../uploads/index.js';
import { readStoredBrandSite, type StoredBrandSiteRead, type StoredListedCity } from './read.js';

/**
 * The brand site on the clinic server (issue 24 item 3): built from the stored brand settings and
 * the stored cities by the brand site's maker (brand-site/make.ts, the city pipeline placed under
 * `/locations/<st>/<slug>/`), previewed, downloaded, deployed to the release store like a city and
 * rolled back. Its site name (config/brand.ts BRAND_SITE_NAME) has a digit, which no city's slug
 * has, so no stored city can ever take it; it is served at the brand settings' `domainName` like
 * a city at its own domain.
 */
export const BRAND_SITE = BRAND_SITE_NAME;

export interface BrandSiteDeps {
  brand: BrandStore;
  cities: Pick<CityStore, 'list'>;
  releases: ReleaseStore;
  uploads: UploadStore;
  /** Folders standing for a site's root besides the uploads (cityAssetSource). */
  assetFolders: readonly string[];
  /** The data folder: encoded photos are kept in `<data>/cache/images`. */
  dataDir: string;
  /** Host names that are this server's own, for a request to the admin. */
  reservedHosts: (requestUrl: string) => ReadonlySet<string>;
  /** Called after a deploy or rollback changed what is live. */
  changed: () => void;
  now?: () => Date;
}

export type Failure = { ok: false; status: 400 | 409 | 503; error: Message | string; noDomain?: boolean; doorway?: BrandDoorway; brandPages?: BrandPagesSummary };

/** The brand site made in memory: its files checked as a deploy checks them, and what it was made from. */
export type Made =
  | {
      ok: true;
      read: Extract<StoredBrandSiteRead, { ok: true }>;
      files: SiteBytes;
      built: BuiltFrom;
      warnings: string[];
      /** Each listed city's placement on the brand site, in the listing's order: what its doorway check reads it by. */
      placements: Placement[];
    }
  | Failure;

/** The doorway check of the listed cities, failing: each failing city's line (the contract's). */
export type { BrandDoorway } from '../../contract/brand.js';

export type DeployOutcome = { ok: true; release: ReleaseMeta; locations: number; doorwayConfirmed?: string; brandPages: BrandPagesSummary } | Failure;

/** The brand site's live state: its releases, whether a rollback holds it on an older one, what changed since its live release. */
export interface BrandSiteStatus {
  live: string | null;
  newest: string | null;
  releases: { id: string; createdAt: string; live: boolean }[];
  /** A rollback made an older release live: redeploy-all leaves it there. */
  pinned: boolean;
  /** What differs between the saved settings and cities and what the live release was built from (empty: nothing). */
  changes: string[];
}

export interface BrandSiteService {
  /** The brand site as the stored settings and cities make it now. */
  read(): Promise<StoredBrandSiteRead>;
  /**
   * Builds the brand site in memory (preview, download, deploy), on the build worker: a person's
   * build (`whenBusy` 'refuse') is refused (503) when the queue is full; background ones wait.
   */
  make(place: DeployPlace, buildTime?: Date, whenBusy?: 'refuse' | 'wait'): Promise<Made>;
  /**
   * The doorway check over the listed cities: undefined when every city passes. With `placements`
   * (Made's), each city is read by the pages the brand site publishes for it, as `check --site` reads it.
   */
  doorway(listed: readonly StoredListedCity[], placements?: readonly Placement[]): Promise<BrandDoorway | undefined>;
  /** Builds and deploys the brand site; a doorway failure is refused (409) unless `confirmDoorway`. */
  deploy(place: DeployPlace, options?: { confirmDoorway?: boolean; buildTime?: Date; deployedBy?: string; whenBusy?: 'refuse' }): Promise<DeployOutcome>;
  /** Its live state; `now` is what read() gave, when the caller has it already. */
  status(now?: StoredBrandSiteRead): Promise<BrandSiteStatus>;
  /** Whether the live release was built from exactly what would be built now (redeploy-all skips it). */
  unchanged(buildTime: Date, place: DeployPlace): Promise<boolean>;
}

/**
 * The brand site's files as a release or a preview keeps them: each location's site checked as a
 * city's is (its own file limits, relative to its folder), and the brand's own pages as one more.
 */
function checkBrandFiles(files: SiteFiles, listed: readonly StoredListedCity[]): { ok: true; files: SiteBytes } | { ok: false; error: string } {
  const groups = new Map<string, SiteFiles>([['', {}]]);
  // Each location's folder, and its Spanish one (issue 40: /es/ubicaciones/fl/tampa/) for a city
  // that publishes Spanish: its pages were checked as the brand's own, six folders deep, and refused.
  const folders = listed.flatMap((c) => [c.path.slice(1), locationPath(c.state, c.config.city, 'es').slice(1)]);
  for (const f of folders) groups.set(f, {});
  for (const [name, content] of Object.entries(files)) {
    const folder = folders.find((f) => name.startsWith(f)) ?? '';
    groups.get(folder)![name.slice(folder.length)] = content;
  }
  const out: SiteBytes = new Map();
  for (const [folder, group] of groups) {
    if (folder && Object.keys(group).length === 0) continue;
    const checked = checkSiteFiles(group);
    if (!checked.ok) return { ok: false, error: folder ? `${folder}: ${checked.error}` : checked.error };
    for (const [name, bytes] of checked.files) out.set(`${folder}${name}`, bytes);
  }
  return out.size ? { ok: true, files: out } : { ok: false, error: 'the brand site has no files' };
}

export function brandSiteService(d: BrandSiteDeps): BrandSiteService {
  const assets = cityAssetSource(d.uploads, d.assetFolders);
  const imageCacheDir = dataImageCacheDir(d.dataDir);
  const now = d.now ?? (() => new Date());
  const fail = (status: 400 | 409 | 503, error: Message | string, extra: Partial<Failure> = {}): Failure => ({ ok: false, status, error, ...extra });

  async function read(): Promise<StoredBrandSiteRead> {
    const [row, stored] = await Promise.all([d.brand.get(), d.cities.list()]);
    return readStoredBrandSite(row?.yaml, stored);
  }

  const builtOf = (r: Extract<StoredBrandSiteRead, { ok: true }>, buildTime: Date, place: DeployPlace) =>
    builtFrom(r.listed.map((c) => ({ slug: c.slug, version: c.version.version, config: c.config })), buildTime, { origin: place.serverOrigin, brand: r.brandDigest });

  async function make(place: DeployPlace, buildTime?: Date, whenBusy: 'refuse' | 'wait' = 'wait'): Promise<Made> {
    const r = await read();
    if (!r.ok) return r.noDomain ? fail(400, brandSiteNoDomain, { noDomain: true }) : fail(400, brandSiteInvalid(r.errors.join('; ')));
    const at = buildTime ?? buildInstant(process.env, now);
    // Built off the request loop, on the server's build worker (packages/build-pool.ts): each
    // city's form posts where it does on its own site, its config's endpoint, else this server.
    const listed = r.listed.map(({ version: _version, ...city }) => city);
    const building = siteBuilds().brand({ brand: r.brand, listed, brandFile: 'brand.yaml', serverOrigin: place.serverOrigin, imageCacheDir, buildTime: at }, assets, whenBusy);
    if (!building) return fail(503, buildQueueFull(String(siteBuilds().waiting()), String(BUILD_RETRY_AFTER_SECONDS)));
    const site = await building;
    if (!site.ok) return fail(400, brandSiteInvalid(site.errors.join('; ')));
    const files = checkBrandFiles(site.files, r.listed);
    if (!files.ok) return fail(400, `files: ${files.error}`);
    return { ok: true, read: r, files: files.files, built: builtOf(r, at, place), warnings: site.warnings, placements: site.placements };
  }

  async function doorway(listed: readonly StoredListedCity[], placements?: readonly Placement[]): Promise<BrandDoorway | undefined> {
    // The listed cities compared with each other only (a city saved but not listed is not on this
    // site), each by the pages the brand site publishes for it: its page, its contact page, any
    // treatment page of its own (issue 36 item 8). The brand's own pages are no city's.
    const placed = new Map(placements ? listed.map((c, i) => [c.slug, placements[i]!]) : []);
    const check = createDoorwayCheck({ list: async () => listed.map((c) => c.version) }, { placementOf: (slug) => placed.get(slug) });
    const { report, cities } = await check.report();
    const failing = cities.filter((c) => !c.pass);
    if (failing.length === 0) return undefined;
    return {
      threshold: report.threshold,
      minLocalWords: report.minLocalWords,
      failing: failing.map((c) => ({ slug: c.slug, city: c.city, verdict: c.verdict, score: c.score, localWords: c.localWords, closest: c.closest })),
    };
  }

  async function history() {
    const list = await d.releases.history(BRAND_SITE);
    return { list, live: list.find((r) => r.live)?.id ?? null, newest: list[0]?.id ?? null };
  }

  return {
    read,
    make,
    doorway,
    async deploy(place, options = {}) {
      const made = await make(place, options.buildTime, options.whenBusy);
      if (!made.ok) return made;
      const failing = await doorway(made.read.listed, made.placements);
      const brandPages = ownPagesCompared(made.files, made.read.listed);
      if (failing && options.confirmDoorway !== true) return fail(409, brandSiteDoorway(failing.failing.map((c) => c.city).join(', ')), { doorway: failing, brandPages });
      const domain = made.read.brand.domainName.toLowerCase();
      // A site on the admin's or the sites listener's own name would take over that origin.
      if (d.reservedHosts(place.requestUrl).has(domain)) return fail(409, M.domainReserved(domain));
      const result = await d.releases.deploy(BRAND_SITE, {
        files: made.files,
        domainName: domain,
        businessName: made.read.brand.businessName,
        built: made.built,
        // Who deployed it, as the audit trail labels them (issue 39 item 5); nothing when not known.
        ...(options.deployedBy ? { deployedBy: options.deployedBy } : {}),
      });
      if (!result.ok) return result.domainOwner ? fail(409, M.domainTaken(domain, result.domainOwner)) : fail(400, result.error);
      d.changed();
      return {
        ok: true,
        release: result.release,
        locations: made.read.listed.length,
        doorwayConfirmed: failing ? `doorway=confirmed failing=${failing.failing.map((c) => c.slug).join(',')}` : undefined,
        brandPages,
      };
    },
    async status(now) {
      const h = await history();
      const changes: string[] = [];
      if (h.live) {
        const [meta, r] = await Promise.all([d.releases.meta(BRAND_SITE, h.live), now ?? read()]);
        const was = meta.built;
        if (!r.ok) changes.push(textOf(r.noDomain ? brandSiteNoDomain : brandSiteInvalid(r.errors.join('; '))));
        else if (!was) changes.push('the live release does not record what it was built from');
        else {
          if (was.brand !== r.brandDigest) changes.push('brand settings');
          const listedNow = new Map(r.listed.map((c) => [c.slug, c]));
          for (const slug of Object.keys(was.cities)) if (!listedNow.has(slug)) changes.push(`${slug} no longer listed`);
          for (const [slug, c] of listedNow) {
            const before = was.cities[slug];
            if (!before) changes.push(`${c.config.city} listed`);
            else if (before.version !== c.version.version) changes.push(`${c.config.city} (version ${before.version} -> ${c.version.version})`);
          }
        }
      }
      return { live: h.live, newest: h.newest, releases: h.list.map((r) => ({ id: r.id, createdAt: r.createdAt, live: r.live })), pinned: h.live !== null && h.live !== h.newest, changes };
    },
    async unchanged(buildTime, place) {
      const h = await history();
      if (!h.live) return false;
      const [meta, r] = await Promise.all([d.releases.meta(BRAND_SITE, h.live), read()]);
      return r.ok && sameBuild(meta.built, builtOf(r, buildTime, place));
    },
  };
}

/** What an answer that refuses carries besides its text: the doorway lines when the check failed (with the brand's pages compared), whether the domain is missing. */
export function failureBody(f: Failure) {
  return { doorway: f.doorway, noDomain: f.noDomain, brandPages: f.brandPages };
}

/** The brand's own pages of a made brand site (the files outside its locations' folders), compared as `check --site` compares them. */
function ownPagesCompared(files: SiteBytes, listed: readonly StoredListedCity[]): BrandPagesSummary {
  const folders = listed.map((c) => c.path.slice(1));
  const own = Object.fromEntries([...files].filter(([name]) => !folders.some((f) => name.startsWith(f))));
  const r = compareBrandPages(own, listed.map((c) => c.config));
  return { pages: r.pages, closest: r.closestPair };
}
