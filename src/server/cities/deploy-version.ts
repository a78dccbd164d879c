import type { ClinicConfig } from '../../config/schema.js';
import { siteDomain } from '../../config/site-domain.js';
import { problemLines } from '../../site/pipeline.js';
import { BUILD_RETRY_AFTER_SECONDS, siteBuilds, type SiteBuildPool } from '../packages/index.js';
import { buildQueueFull, deployFailed } from '../../texts/admin.js';
import * as M from '../../texts/server.js';
import { dataImageCacheDir } from '../../site/images/cache-dir.js';
import { contactEndpointFor } from '../leads/index.js';
import { checkSiteFiles } from '../bundle/files.js';
import type { ReleaseMeta, ReleaseStore } from '../releases/index.js';
import { textOf } from '../http/api-error.js';
import type { UploadStore } from '../uploads/index.js';
import { cityAssetSource } from '../uploads/index.js';
import type { CityVersion } from './types.js';
import { checkVersion } from './yaml.js';
import { builtFrom } from './built.js';
import { buildInstant } from '../../config/time-zone.js';

/**
 * Builds a stored version and makes it live: the one way the city deploy and redeploy-all put a
 * stored config online. It is /api/generate-clinic-website and /api/deploy-website in one step on
 * the server, with the same rules: the same site pipeline (uploaded logos read from this server's
 * uploads, the contact form posting to this server), the same file checks, the same refusal of a
 * domain that is this server's own or another live site's, the same release store. The release
 * records the city and the config version it was built from.
 */
export interface VersionDeployer {
  deploy(v: CityVersion, place: DeployPlace, options?: DeployOptions): Promise<DeployOutcome>;
}

export interface DeployOptions {
  /** The instant the site is built at (its special hours): the server's clock when it redeploys by itself. Absent: buildDay's default. */
  buildTime?: Date;
  /** Who asked for it, as the audit trail labels them: kept with the release (issue 39 item 5). */
  deployedBy?: string;
  /**
   * 'refuse': a deploy a person asked for, refused (503) when the build queue is full
   * (workers/build-pool.ts). Absent: it waits its turn, as redeploy-all's and the special hours'
   * builds do (their runners bound how many they ask for).
   */
  whenBusy?: 'refuse';
}

/** Where the deploy was asked: the origin sites post their forms to, and the request's URL (for the server's own names). */
export interface DeployPlace {
  /** PUBLIC_URL, or the origin the admin was reached at (as generate uses). */
  serverOrigin: string;
  requestUrl: string;
}

export type DeployOutcome =
  | { ok: true; release: ReleaseMeta; businessName: string; city: string }
  | { ok: false; status: 400 | 409 | 503; error: string; message: string };

export interface VersionDeployerDeps {
  releases: ReleaseStore;
  /** The data folder: uploads in `<data>/uploads`, encoded photos kept in `<data>/cache/images`. */
  dataDir: string;
  /** The uploads (the folder, or the database with PostgreSQL). */
  uploads: UploadStore;
  /** Folders that stand for a site's root besides the uploads (cityAssetSource): the served config's, the samples'. */
  assetFolders: readonly string[];
  /** Host names that are this server's own, for a request to the admin. */
  reservedHosts: (requestUrl: string) => ReadonlySet<string>;
  /** Called after a deploy changed what is live. */
  changed: () => void;
  /** The city's page on the brand site when its canonical links go there (brand-site/read.ts brandCanonicalFor); absent, none. */
  canonicalFor?: (slug: string, config: ClinicConfig) => Promise<string | undefined>;
  /** Where sites are built: the server's worker (siteBuilds, the default), off the request loop. */
  builds?: () => SiteBuildPool;
}


/** The deployer over this server's release store and uploads. */
export function versionDeployer(d: VersionDeployerDeps): VersionDeployer {
  const assets = cityAssetSource(d.uploads, d.assetFolders);
  const imageCacheDir = dataImageCacheDir(d.dataDir);
  const builds = d.builds ?? siteBuilds;
  const fail = (status: 400 | 409 | 503, error: string): DeployOutcome => ({ ok: false, status, error, message: deployFailed.title });
  return {
    async deploy(v, place, options = {}) {
      const file = `${v.slug}.yaml`;
      // Checked again: a clinic-gen upgrade may have tightened the schema since it was saved, and
      // a city may have been saved without its hours or legal facts (named by their labels).
      const read = checkVersion(v);
      if (!read.ok) return fail(400, read.errors.join('; '));
      const { config, input } = read;
      const buildTime = options.buildTime ?? buildInstant(process.env);
      const canonicalUrl = await d.canonicalFor?.(v.slug, config);
      const contactEndpoint = contactEndpointFor(config.contactEndpoint, place.serverOrigin);
      const building = builds().build(config, assets, { contactEndpoint, imageCacheDir, buildTime, canonicalUrl }, options.whenBusy ?? 'wait');
      if (!building) return fail(503, textOf(buildQueueFull(String(builds().waiting()), String(BUILD_RETRY_AFTER_SECONDS))));
      const site = await building;
      if (!site.ok) return fail(400, problemLines(file, site.errors).join('; '));
      const files = checkSiteFiles(site.files);
      if (!files.ok) return fail(400, `files: ${files.error}`);
      // The site's own domain, as the admin's deploy of an edited form sends it.
      const domain = siteDomain(config);
      // A site on the admin's or the sites listener's own name would take over that origin.
      if (domain && d.reservedHosts(place.requestUrl).has(domain)) return fail(409, textOf(M.domainReserved(domain)));
      const result = await d.releases.deploy(v.slug, {
        files: files.files,
        domainName: domain,
        businessName: config.businessName,
        city: config.city,
        config: input,
        citySlug: v.slug,
        configVersion: v.version,
        // What redeploy-all compares to skip an unchanged city (built.ts).
        built: builtFrom([{ slug: v.slug, version: v.version, config }], buildTime, { origin: place.serverOrigin, canonical: canonicalUrl }),
        ...(options.deployedBy ? { deployedBy: options.deployedBy } : {}),
      });
      if (!result.ok) return result.domainOwner ? fail(409, textOf(M.domainTaken(domain!, result.domainOwner))) : fail(400, result.error);
      d.changed();
      return { ok: true, release: result.release, businessName: config.businessName, city: config.city };
    },
  };
}
