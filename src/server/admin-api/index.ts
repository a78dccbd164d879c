import { join } from 'node:path';
import { Hono } from 'hono';
import type { ClinicConfig } from '../../config/schema.js';
import { createReleaseStore, type ReleaseStore, type ReleaseStoreOptions } from '../deploy/release-store.js';
import { DEFAULT_URL_TEMPLATE } from '../deploy/url-template.js';
import type { AppEnv } from '../types.js';
import { deployRoutes } from './deploy-routes.js';
import { generateRoutes } from './generate.js';
import { packageRoutes } from './package-routes.js';
import { previewRoutes } from './preview-routes.js';
import { shellRoutes } from './shell.js';
import { liveSiteRoutes } from './site-serving.js';
import { uploadRoutes } from './upload-routes.js';

/**
 * The operator's admin (issue 5), as the `extraRoutes` of createApp: the /admin page, logo upload,
 * generate, preview, package, deploy, the deployments API, and the live sites under /sites/ and
 * on their own domains. Protection comes from createApp's admin guard, which runs first.
 */
export interface AdminAppOptions {
  /** The served clinic; its values fill the admin form at first. */
  config: ClinicConfig;
  /** `<data>`: uploads go to `<data>/uploads`, deployments to `<data>/deployments`. */
  dataDir: string;
  /** DEPLOY_URL_TEMPLATE, checked with checkUrlTemplate. Default `{origin}/sites/{siteName}/`. */
  urlTemplate?: string;
  /** PUBLIC_URL: the origin deployment URLs are made with, instead of the request's. */
  publicUrl?: string;
  /** Release store settings (keep, durable, test hooks). */
  releases?: Omit<ReleaseStoreOptions, 'root'>;
}

/** The admin routes, plus the release store they deploy into (for tests and the bench). */
export function createAdminApp(o: AdminAppOptions): { app: Hono<AppEnv>; store: ReleaseStore } {
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
  const publicOrigin = o.publicUrl ? new URL(o.publicUrl).origin : undefined;

  const app = new Hono<AppEnv>();
  app.route('/', liveSiteRoutes(store, domains));
  app.route('/', shellRoutes(o.config));
  app.route('/', uploadRoutes(uploads));
  app.route('/', generateRoutes(uploads));
  app.route('/', previewRoutes());
  app.route('/', packageRoutes());
  app.route(
    '/',
    deployRoutes({
      store,
      urlTemplate: o.urlTemplate ?? DEFAULT_URL_TEMPLATE,
      publicOrigin,
      domains,
      changed: () => {
        domainMap = undefined;
      },
    }),
  );
  return { app, store };
}
