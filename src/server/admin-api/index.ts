import { join } from 'node:path';
import { Hono } from 'hono';
import type { ClinicConfig } from '../../config/schema.js';
import { createReleaseStore, type ReleaseStoreOptions } from '../deploy/release-store.js';
import type { AppEnv } from '../types.js';
import { deployRoutes } from './deploy-routes.js';
import { generateRoutes } from './generate.js';
import { packageRoutes } from './package-routes.js';
import { previewRoutes } from './preview-routes.js';
import { shellRoutes } from './shell.js';
import { liveSiteRoutes } from './site-serving.js';
import { uploadRoutes } from './upload-routes.js';

/**
 * The operator's admin API, mounted by createApp after its admin guard: the /admin page, logo
 * upload, generate, preview, package, deploy, the deployments API, and the live sites under
 * /sites/ and on their own domains. GET and HEAD of /sites/* (deployed sites are public web
 * sites) and /uploads/* are public; everything else here is behind the guard.
 */
export interface AdminApiOptions {
  /** The served clinic; its values fill the admin form at first. */
  clinic: ClinicConfig;
  /** `<data>`: uploads go to `<data>/uploads`, deployments to `<data>/deployments`. */
  dataDir: string;
  /** DEPLOY_URL_TEMPLATE, resolved and checked by config.ts. */
  urlTemplate: string;
  /** PUBLIC_URL's origin: deployment URLs are made with it instead of the request's. */
  publicOrigin?: string;
  /** Release store settings besides its folder. */
  releases?: Omit<ReleaseStoreOptions, 'root'>;
}

/** The admin API's routes. */
export function adminApiRoutes(o: AdminApiOptions): Hono<AppEnv> {
  const store = createReleaseStore({ ...o.releases, root: join(o.dataDir, 'deployments') });
  const uploads = join(o.dataDir, 'uploads');
  // Host name -> site, read from disk on first use and again after each change made here.
  let domainMap: Promise<Map<string, string>> | undefined;
  const loadDomains = async () => {
    const map = new Map<string, string>();
    for (const { siteName, release } of await store.list()) if (release.domainName) map.set(release.domainName, siteName);
    return map;
  };
  const domains = () => {
    domainMap ??= loadDomains().catch((err: unknown) => {
      domainMap = undefined;
      throw err;
    });
    return domainMap;
  };

  const app = new Hono<AppEnv>();
  app.route('/', liveSiteRoutes(store, domains));
  app.route('/', shellRoutes(o.clinic));
  app.route('/', uploadRoutes(uploads));
  app.route('/', generateRoutes(uploads));
  app.route('/', previewRoutes());
  app.route('/', packageRoutes());
  app.route(
    '/',
    deployRoutes({
      store,
      urlTemplate: o.urlTemplate,
      publicOrigin: o.publicOrigin,
      domains,
      changed: () => {
        domainMap = undefined;
      },
    }),
  );
  return app;
}
