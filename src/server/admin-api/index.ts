import { join } from 'node:path';
import { Hono } from 'hono';
import type { ClinicConfig } from '../../config/schema.js';
import type { DomainIndex } from '../deploy/domains.js';
import type { ReleaseStore } from '../deploy/release-store.js';
import type { AppEnv } from '../types.js';
import { deployRoutes } from './deploy-routes.js';
import { generateRoutes } from './generate.js';
import { hostedRedirects } from './hosted-redirects.js';
import { packageRoutes } from './package-routes.js';
import { previewApiRoutes, type PreviewStore } from './preview-routes.js';
import { shellRoutes } from './shell.js';
import { uploadRoutes } from './upload-routes.js';

/**
 * The operator's admin API, mounted by createApp after its admin guard: the /admin page, logo
 * upload, generate, preview, package, deploy and the deployments API. Hosted content (deployed
 * sites, previews) is served by the sites listener (src/server/sites-app.ts); here its old
 * addresses only redirect there. /uploads/* is public; everything else here is behind the guard.
 */
export interface AdminApiOptions {
  /** The served clinic; its values fill the admin form at first. */
  clinic: ClinicConfig;
  /** `<data>`: uploads go to `<data>/uploads`. */
  dataDir: string;
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
}

/** The admin API's routes. */
export function adminApiRoutes(o: AdminApiOptions): Hono<AppEnv> {
  const uploads = join(o.dataDir, 'uploads');
  const app = new Hono<AppEnv>();
  app.route('/', hostedRedirects((requestUrl, path) => `${o.sitesOrigin(requestUrl)}${path}`));
  app.route('/', shellRoutes(o.clinic));
  app.route('/', uploadRoutes(uploads));
  app.route('/', generateRoutes(uploads, o.publicOrigin));
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
    }),
  );
  return app;
}
