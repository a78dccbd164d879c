import type { ClinicConfig } from '../../config/schema.js';
import { BRAND_SITE, brandLocationUrl, brandSiteService } from '../brand-site/index.js';
import { createRedeployRunner, notifyingCityStore, samplesDir, savedSites, versionDeployer } from '../cities/index.js';
import { reservedHostNames, sitesOriginTest } from '../http/hosts.js';
import { createSiteDirectory } from '../leads/site-directory.js';
import type { Logger } from '../log/logger.js';
import type { Metrics } from '../metrics/index.js';
import { domainIndex } from '../releases/domains.js';
import type { ServerConfig } from '../settings/config.js';
import type { ServerStore } from '../store/server-store.js';

/**
 * What the admin's deploys run on, made once for both listeners: the directory of the cities this
 * server knows (the contact routes check a post's city against it), the saved cities telling it of
 * each change, the live domains, the deployer of a stored version, the brand site and redeploy-all.
 */
export function deployServices(o: {
  /** The fields of the apps' dependencies (AppDeps in app.ts) these are made from. */
  deps: {
    clinic: ClinicConfig;
    server: ServerConfig;
    stores: Pick<ServerStore, 'cities' | 'releases' | 'uploads' | 'brand'>;
    cityAssetFolders?: string[];
    redeployConcurrency?: number;
  };
  now: () => Date;
  logger: Logger;
  metrics: Metrics;
  publicOrigin: string | undefined;
}) {
  const { deps, now, logger, metrics, publicOrigin } = o;
  const { server } = deps;
  const { releases, uploads } = deps.stores;
  // The cities this server knows and their addresses (decision 010): the deployments and the saved
  // cities, deployed or not. A deploy, rollback or delete (domains.changed) and a city's save or
  // delete (the store below) make the directory read them again.
  const stored = deps.stores.cities;
  const feed = savedSites(stored);
  const directory = createSiteDirectory({
    home: deps.clinic,
    publicOrigin,
    isSitesOrigin: sitesOriginTest(server),
    sitesPort: server.sitesPort,
    deployments: () => releases.list(),
    cities: feed,
  });
  // A save tells the directory the city's addresses from the config it checked (no text read on
  // the request loop); a delete or an undelete has it read the cities again.
  const cities = notifyingCityStore(stored, (saved) => {
    if (!saved?.config) return directory.invalidate();
    feed.know({ slug: saved.slug, digest: saved.digest, config: saved.config });
    directory.cityChanged({ slug: saved.slug, city: saved.city, config: saved.config });
  });
  const domains = domainIndex(releases, () => directory.invalidate());
  const assetFolders = deps.cityAssetFolders ?? [samplesDir()];
  // A city the live brand site lists names its page there as canonical on its own site too (issue
  // 24): only once that page is online, on the domain it is online at.
  const canonicalFor = async (slug: string, config: ClinicConfig) => {
    if (config.canonical === 'own') return undefined;
    const live = await releases.currentId(BRAND_SITE);
    const meta = live ? await releases.meta(BRAND_SITE, live) : undefined;
    return meta?.domainName && meta.built?.cities[slug] ? brandLocationUrl(meta.domainName, config) : undefined;
  };
  const deployer = versionDeployer({
    releases,
    dataDir: server.dataDir,
    uploads,
    assetFolders,
    reservedHosts: (requestUrl) => reservedHostNames(server, requestUrl),
    changed: () => domains.changed(),
    canonicalFor,
  });
  // The brand site (issue 24): built from the brand settings and the stored cities, redeployed with them.
  const brandSite = brandSiteService({
    brand: deps.stores.brand,
    cities,
    releases,
    uploads,
    assetFolders,
    dataDir: server.dataDir,
    reservedHosts: (requestUrl) => reservedHostNames(server, requestUrl),
    changed: () => domains.changed(),
    now,
  });
  const redeploys = createRedeployRunner({
    cities,
    releases,
    deployer,
    brandSite: { name: BRAND_SITE, service: brandSite },
    canonicalFor,
    logger,
    now,
    concurrency: deps.redeployConcurrency,
    onFinished: (state, seconds) => {
      metrics.redeployRuns.inc({ outcome: state });
      metrics.redeployDuration.observe(seconds);
    },
  });
  return { directory, cities, domains, assetFolders, deployer, brandSite, redeploys };
}
