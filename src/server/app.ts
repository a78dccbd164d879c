import { join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serverBusy, serverFailed } from '../messages/server.js';
import { adminApiRoutes } from './admin-api/index.js';
import { createPreviewStore } from './admin-api/preview-routes.js';
import { adminGuard } from './auth/guard.js';
import { createRedeployRunner, memoryCityStore, notifyingCityStore, samplesDir, savedSites, versionDeployer, type CityStore, type RedeployRunner } from './cities/index.js';
import { fallbackFormPage } from './contact/reply.js';
import { contactRoutes } from './contact/routes.js';
import { createSiteDirectory } from './contact/site-directory.js';
import { SERVER_DEFAULTS } from './defaults.js';
import { domainIndex } from './deploy/domains.js';
import { createReleaseStore } from './deploy/release-store.js';
import type { ReleaseStore } from './deploy/releases.js';
import { apiError, isApiPath } from './http/api-error.js';
import { trustedSet } from './http/client.js';
import { hostGuard, hostRules, reservedHostNames, sitesOrigin, sitesOriginTest } from './http/hosts.js';
import { normalizeOrigin } from './http/origin.js';
import { pathGuard } from './http/path-guard.js';
import { memoryRateCounters } from './http/rate-limit.js';
import { folderUploadStore } from './uploads/upload-files.js';
import { contentSecurityPolicy, mutableHeaders, securityHeaders } from './http/security-headers.js';
import { errorFields, silentLogger, type Logger } from './logger.js';
import { messageRoutes } from './messages/messages-routes.js';
import { notFound, siteRoutes } from './site/routes.js';
import { prepareSite } from './site/site-files.js';
import { isStoreBusy, RETRY_AFTER_SECONDS } from './store/busy.js';
import { createSitesApp } from './sites-app.js';
import type { AppDeps, AppEnv } from './types.js';

/**
 * The clinic server as two Hono apps, one a listener (docs/decisions/009-hosted-sites-origin.md):
 *
 * - `admin`: the clinic's own rendered site, the public contact API, the password-protected admin
 *   and its API. Hosted content never runs here; its old addresses redirect to the sites listener.
 * - `sites`: deployed sites and previews (HTML and JavaScript from a files map), and the contact API.
 *
 * Both share the message store, the contact routes (one rate limiter), the release store and the
 * previews. No port, no process: serve.ts listens, tests call app.request().
 *
 * Order matters and is the security design: security headers wrap everything; the host guard
 * refuses names this server does not own (DNS rebinding); the path guard settles what the path
 * is; the admin guard decides on that path before any route runs, so every route mounted below it
 * (the admin API included) is behind it.
 */
export interface ClinicApps {
  admin: Hono<AppEnv>;
  sites: Hono<AppEnv>;
  /** The deployed sites, shared by both apps (ReleaseStore.list() names each with its domain and city). */
  releases: ReleaseStore;
  /** The stored cities (deps.cities, or the store in memory made for these apps). */
  cities: CityStore;
  /** Redeploy-all, run in this process; serve.ts stops it before closing the store, benches call it directly. */
  redeploys: RedeployRunner;
  /**
   * Another server of the group changed something these apps cache (server-store.ts): the live
   * deployments (domains, allowed origins) or the saved cities (allowed origins).
   */
  remoteChange(kind: 'deployments' | 'cities'): void;
}

/** Both apps over one set of stores. */
export function createApps(deps: AppDeps): ClinicApps {
  const { server } = deps;
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const trusted = trustedSet(server.trustProxy);
  const publicOrigin = server.publicUrl ? normalizeOrigin(server.publicUrl) : undefined;
  const releases = deps.shared?.releases ?? createReleaseStore({ ...deps.releases, root: join(server.dataDir, 'deployments') });
  const uploads = deps.shared?.uploads ?? folderUploadStore(join(server.dataDir, 'uploads'));
  const counters = deps.shared?.counters ?? memoryRateCounters(() => now().getTime());
  // Allowed origins are derived from the sites this server knows (decision 010): the deployments
  // and the saved cities, deployed or not. A deploy, rollback or delete (domains.changed) and a
  // city's save or delete (the store below) make the directory read them again.
  const stored = deps.cities ?? memoryCityStore(now);
  const directory = createSiteDirectory({
    home: deps.clinic,
    publicOrigin,
    isSitesOrigin: sitesOriginTest(server),
    sitesPort: server.sitesPort,
    corsOrigins: server.corsOrigins,
    deployments: () => releases.list(),
    cities: savedSites(stored),
  });
  const cities = notifyingCityStore(stored, () => directory.invalidate());
  const domains = domainIndex(releases, () => directory.invalidate());
  const previews = deps.shared?.previews ?? createPreviewStore();
  const assetFolders = deps.cityAssetFolders ?? [samplesDir()];
  const deployer = versionDeployer({
    releases,
    dataDir: server.dataDir,
    uploads,
    assetFolders,
    reservedHosts: (requestUrl) => reservedHostNames(server, requestUrl),
    changed: () => domains.changed(),
  });
  const redeploys = createRedeployRunner({ cities, releases, deployer, logger, now, concurrency: deps.redeployConcurrency });
  // The host of each listener's own public URL counts as same-origin there. Never SITES_URL on the
  // admin: a hosted page's Origin must not pass the admin's cross-site checks.
  const hostOf = (url: string | undefined) => (url ? [new URL(url).host] : []);
  const limiter = counters.limiter('contact', { limit: server.rateLimit });
  // One contact API, one rate limit, on both listeners.
  const contact = (hosted: boolean) =>
    contactRoutes({
      store: deps.store,
      now,
      limiter,
      directory,
      trusted,
      extraHosts: hosted ? hostOf(server.sitesUrl) : hostOf(server.publicUrl),
      hosted,
      maxBodyBytes: server.maxBodyBytes,
      renderFormPage: deps.renderFormPage ?? fallbackFormPage,
      logger,
      onMessageStored: deps.onMessageStored,
    });
  const onError = errorHandler(logger);

  const site = prepareSite(deps.files);
  // A site whose contact form posts to another server must be allowed to connect and post there.
  const endpointOrigin = deps.clinic.contactEndpoint ? normalizeOrigin(deps.clinic.contactEndpoint) : undefined;
  const admin = new Hono<AppEnv>();
  // Outermost, so it runs last: a route that asked for a stricter policy (c.set('csp'), used for
  // uploaded files) gets it, after securityHeaders has put the site policy on every response.
  admin.use(async (c, next) => {
    await next();
    const own = c.get('csp');
    if (own) mutableHeaders(c).set('Content-Security-Policy', own);
  });
  admin.use(securityHeaders({ csp: contentSecurityPolicy(endpointOrigin ? [endpointOrigin] : []), trusted }));
  admin.use(hostGuard(hostRules(server, 'admin')));
  admin.use(pathGuard());
  admin.use(
    adminGuard({
      adminPassword: server.adminPassword,
      trusted,
      extraOrigins: publicOrigin ? [publicOrigin] : [],
      failuresPerClient: SERVER_DEFAULTS.authFailuresPerClient,
      failuresGlobal: SERVER_DEFAULTS.authFailuresGlobal,
      counters,
    }),
  );
  admin.route('/', contact(false));
  admin.route('/', messageRoutes(deps.store, now));
  admin.route(
    '/',
    adminApiRoutes({
      clinic: deps.clinic,
      dataDir: server.dataDir,
      uploads,
      assetFolders,
      urlTemplate: server.urlTemplate,
      publicOrigin,
      releases,
      domains,
      previews,
      sitesOrigin: (requestUrl) => sitesOrigin(server, requestUrl)!,
      reservedHosts: (requestUrl) => reservedHostNames(server, requestUrl),
      cities: { cities, deployer, runner: redeploys, messages: deps.store, now },
    }),
  );
  admin.route('/', siteRoutes(site));
  admin.notFound((c) => notFound(c, site));
  admin.onError(onError);

  const sites = createSitesApp({ server, trusted, contact: contact(true), releases, domains, previews, onError });
  const remoteChange = (kind: 'deployments' | 'cities') => (kind === 'deployments' ? domains.changed() : directory.invalidate());
  return { admin, sites, releases, cities, redeploys, remoteChange };
}

/** The admin app alone (route tests, benchmarks); createApps gives both. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createApps(deps).admin;
}

/** The one error handler: expected HTTP failures as they are, anything else logged and a 500. */
function errorHandler(logger: Logger) {
  return (err: Error, c: Context<AppEnv>): Response => {
    if (err instanceof HTTPException) return err.getResponse();
    // The database is locked by another process (store/busy.ts): a try a few seconds later may work.
    if (isStoreBusy(err)) {
      logger.warn('request.store_busy', { method: c.req.method, path: c.get('path') });
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return isApiPath(c.get('path') ?? '') ? apiError(c, 503, { error: serverBusy }) : c.text(serverBusy.title, 503);
    }
    logger.error('request.failed', { method: c.req.method, path: c.get('path'), ...errorFields(err) });
    return isApiPath(c.get('path') ?? '') ? apiError(c, 500, { error: serverFailed }) : c.text(serverFailed.title, 500);
  };
}
