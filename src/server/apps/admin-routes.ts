import { Hono } from 'hono';
import type { ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { createDoorwayCheck, storedCityRoutes, type CityRouteDeps } from '../cities/index.js';
import type { DomainIndex } from '../releases/domains.js';
import type { ReleaseStore } from '../releases/store.js';
import { deploymentUrl } from '../settings/url-template.js';
import type { AppEnv } from '../http/app-env.js';
import type { UploadStore } from '../uploads/store.js';
import { deployRoutes } from '../releases/routes.js';
import { generateRoutes } from '../packages/generate-routes.js';
import { hostedRedirects } from '../releases/hosted-redirects.js';
import { packageRoutes } from '../packages/package-routes.js';
import type { PreviewStore } from '../previews/index.js';
import { previewApiRoutes } from '../previews/routes.js';
import { shellRoutes } from '../admin-page/shell.js';
import { uploadRoutes } from '../uploads/routes.js';
import { pictureRoute } from '../uploads/picture-route.js';
import { cityAssetSource } from '../uploads/asset-source.js';
import { brandRoutes, type BrandStore } from '../brand/index.js';
import { brandSiteRoutes, type BrandSiteService } from '../brand-site/index.js';

/**
 * The operator's admin API, mounted by createApp after its admin guard: the /admin page, logo
 * upload, generate, preview, package, deploy, the deployments API and the stored cities. Hosted content (deployed
 * sites, previews) is served by the sites listener (src/server/apps/sites-app.ts); here its old
 * addresses only redirect there. /uploads/* is public; everything else here is behind the guard.
 */
export interface AdminApiOptions {
  /** The served clinic; its values fill the admin form at first. */
  clinic: ClinicConfig;
  /** `<data>`: the image cache is `<data>/cache/images`. */
  dataDir: string;
  /** The uploads (`<data>/uploads`, or the database with PostgreSQL). */
  uploads: UploadStore;
  /** Folders standing for a site's root besides the uploads, where Generate reads pictures (cityAssetSource). */
  assetFolders: readonly string[];
  /** DEPLOY_URL_TEMPLATE, resolved and checked by config.ts. */
  urlTemplate: string;
  /** PUBLIC_URL's origin. */
  publicOrigin?: string;
  /** The deployed sites, shared with the sites listener. */
  releases: ReleaseStore;
  domains: DomainIndex;
  /** Previews, shared with the sites listener. */
  previews: PreviewStore;
  /** The origin of the sites listener as links name it, for a request to the admin. */
  sitesOrigin: (requestUrl: string) => string;
  /** Host names a deployment may not claim, for a request to the admin. */
  reservedHosts: (requestUrl: string) => ReadonlySet<string>;
  /** The brand settings (the server's store). */
  brand: BrandStore;
  /** The stored cities, their deployer and the redeploy-all runner (docs/decisions/012-stored-cities.md). */
  cities: Pick<CityRouteDeps, 'cities' | 'deployer' | 'runner' | 'messages' | 'now'>;
  /** The brand site (issue 24): generate, preview, download, deploy, rollback. */
  brandSite: BrandSiteService;
}

/** The admin API's routes. */
export function adminApiRoutes(o: AdminApiOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // One doorway check for both deploys (a saved version, a generated site), its reports kept once.
  const doorway = createDoorwayCheck(o.cities.cities);
  app.route('/', hostedRedirects((requestUrl, path) => `${o.sitesOrigin(requestUrl)}${path}`));
  app.route('/', shellRoutes(o.clinic));
  app.route('/', uploadRoutes(o.uploads));
  app.route('/', pictureRoute(cityAssetSource(o.uploads, o.assetFolders)));
  app.route('/', brandRoutes(o.brand, o.dataDir, o.clinic));
  app.route(
    '/',
    brandSiteRoutes({
      site: o.brandSite,
      releases: o.releases,
      previews: o.previews,
      publicOrigin: o.publicOrigin,
      sitesUrl: (requestUrl, path) => `${o.sitesOrigin(requestUrl)}${path}`,
      changed: () => o.domains.changed(),
      rollbacks: o.cities.cities.redeploys,
      now: o.cities.now,
    }),
  );
  app.route('/', generateRoutes(o.dataDir, o.uploads, o.assetFolders, o.publicOrigin));
  app.route('/', previewApiRoutes(o.previews, (c, path) => `${o.sitesOrigin(c.req.url)}${path}`));
  app.route('/', packageRoutes());
  app.route(
    '/',
    deployRoutes({
      store: o.releases,
      urlTemplate: o.urlTemplate,
      sitesOrigin: o.sitesOrigin,
      reservedHosts: o.reservedHosts,
      changed: () => o.domains.changed(),
      cities: o.cities.cities,
      doorway: (siteName, config) => doorway.failure(siteName, config),
    }),
  );
  app.route(
    '/',
    storedCityRoutes({
      ...o.cities,
      releases: o.releases,
      publicOrigin: o.publicOrigin,
      deploymentUrl: (requestUrl, siteName) => deploymentUrl(o.urlTemplate, { origin: o.sitesOrigin(requestUrl), siteName }),
      changed: () => o.domains.changed(),
      home: citySlug(o.clinic.city),
      doorway,
    }),
  );
  return app;
}
