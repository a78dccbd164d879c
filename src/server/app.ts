import { Hono } from 'hono';
import { adminApiRoutes } from './apps/admin-routes.js';
import { adminGuard, authRoutes } from './auth/index.js';
import { passwordResetRoutes } from './auth/reset-routes.js';
import { createSmtpMailer } from './mail/smtp.js';
import { auditHeadMetrics, auditNames, auditRoutes, createAuditTrail } from './audit/index.js';
import type { KeyRing } from './crypto/data-key.js';
import { createMetrics, isScraper, metricsRoutes, observe, type Metrics } from './metrics/index.js';
import type { StoredSecrets } from './crypto/server-keys.js';
import type { CityStore, RedeployRunner, VersionDeployer } from './cities/index.js';
import { fallbackFormPage } from './leads/reply.js';
import { contactRoutes } from './leads/contact-routes.js';
import { createRefusalLog, type RefusalLog } from './leads/refusals.js';
import { SERVER_DEFAULTS } from './settings/defaults.js';
import type { ReleaseStore } from './releases/store.js';
import { trustedSet } from './http/client-address.js';
import { hostGuard, hostRules, reservedHostNames, sitesOrigin } from './http/hosts.js';
import { normalizeOrigin } from './http/origin.js';
import { pathGuard } from './http/path-guard.js';
import { contentSecurityPolicy, mutableHeaders, securityHeaders } from './http/security-headers.js';
import { errorFields, silentLogger, type Logger } from './log/logger.js';
import { messageRoutes } from './leads/admin-routes.js';
import { inboxExportRoutes } from './leads/inbox-export.js';
import { inboxBulkRoutes } from './leads/inbox-bulk.js';
import { inboxRoutes } from './leads/inbox-routes.js';
import { createInboxEvents, type InboxEvents } from './leads/inbox-events.js';
import { createSealer } from './leads/sealing.js';
import { notFound, siteRoutes } from './clinic-site/routes.js';
import { prepareSite } from './clinic-site/site-files.js';
import { deployServices } from './apps/deploy-services.js';
import { errorHandler } from './apps/error-handler.js';
import { createSitesApp } from './apps/sites-app.js';
import type { AppEnv } from './http/app-env.js';
import type { ClinicConfig } from '../config/schema.js';
import type { SiteFiles } from '../model/files.js';
import type { ServerConfig } from './settings/config.js';
import type { FormPageRenderer } from './leads/index.js';
import type { ServerStore } from './store/server-store.js';

/**
 * What `createApps` (both listeners' apps) needs from the outside world. Everything with a side
 * effect (storage, clock, mail) comes in here so route tests can swap it.
 */
export interface AppDeps {
  /** The served clinic: its site, its contact form, the admin form's first values. */
  clinic: ClinicConfig;
  /** The server's resolved settings (resolveServerConfig in config.ts). */
  server: ServerConfig;
  /** The rendered site: relative path ('trt-therapy/index.html') -> contents. */
  files: SiteFiles;
  /** Every store of this server (openServerStore; tests make theirs in test/helpers/server-app.ts). */
  stores: ServerStore;
  /** The data key and the audit chain's key (crypto/server-keys.ts serverSecrets). */
  secrets: { keys: KeyRing } & StoredSecrets;
  /** The clock; messages take their received time from it. */
  now?: () => Date;
  logger?: Logger;
  /** Page for the no-JS form post. Without it a plain built-in page answers. */
  renderFormPage?: FormPageRenderer;
  /** Called after a message is stored (with the city it was filed under), so the mail worker can wake up at once. */
  onMessageStored?: (city: string) => void;
  /** What the server counts for /metrics (serve.ts makes one with the process's metrics); a fresh one by default. */
  metrics?: Metrics;
  /**
   * Folders standing for a city's site root, for pictures it names outside /uploads/ (stored
   * city deploys and the admin's Generate read them alike: uploads/asset-source.ts). Default:
   * the package's configs/ (the sample cities' pictures).
   */
  cityAssetFolders?: string[];
  /** Cities a redeploy-all works on at once (default 8). */
  redeployConcurrency?: number;
}

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
  /** The stored cities (deps.stores.cities, telling the site directory of every change). */
  cities: CityStore;
  /** Redeploy-all, run in this process; serve.ts stops it before closing the store, benches call it directly. */
  redeploys: RedeployRunner;
  /** Builds a stored version and makes it live (the city deploy's path): serve.ts's special-hours redeploys use it. */
  deployer: VersionDeployer;
  /**
   * Another server of the group changed something these apps cache (server-store.ts): the live
   * deployments (their domains, the cities' addresses) or the saved cities (their addresses).
   */
  remoteChange(kind: 'deployments' | 'cities'): void;
  /** Refused contact posts, counted and logged; serve.ts closes it (writing what is counted) before the store. */
  refusals: RefusalLog;
  /** What /metrics answers. */
  metrics: Metrics;
  /** The live inbox's streams: serve.ts ends them at shutdown, before waiting for requests in flight. */
  inboxEvents: InboxEvents;
}

/** Both apps over one set of stores. */
export function createApps(deps: AppDeps): ClinicApps {
  const { server } = deps;
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const trusted = trustedSet(server.trustProxy);
  const metrics = deps.metrics ?? createMetrics();
  metrics.watchOutbox(async () => ({ ...(await deps.stores.outbox.counts()), oldestPendingAt: await deps.stores.outbox.oldestPendingAt() }), now);
  metrics.watchAuditHead(auditHeadMetrics(deps.stores.audit));
  const publicOrigin = server.publicUrl ? normalizeOrigin(server.publicUrl) : undefined;
  const { releases, uploads, counters, previews } = deps.stores;
  const { directory, cities, domains, assetFolders, deployer, brandSite, redeploys } = deployServices({ deps, now, logger, metrics, publicOrigin });
  // The host of each listener's own public URL counts as same-origin there. Never SITES_URL on the
  // admin: a hosted page's Origin must not pass the admin's cross-site checks.
  const hostOf = (url: string | undefined) => (url ? [new URL(url).host] : []);
  const limiter = counters.limiter('contact', { limit: server.rateLimit });
  // Failed posts (a typo, a bot) have a cap of their own, several times the limit of stored ones.
  const failedLimiter = counters.limiter('contact-failed', { limit: server.rateLimit * SERVER_DEFAULTS.contactFailuresPerMessage });
  const refusalLog = createRefusalLog({ store: deps.stores.refusals, logger, now });
  // Every refusal is also counted for /metrics, by its reason (a fixed list).
  const refusals: RefusalLog = {
    ...refusalLog,
    note: (reason, origin, client) => {
      metrics.contactRefused.inc({ reason });
      refusalLog.note(reason, origin, client);
    },
  };
  // The live inbox (issue 37 item 4): notices of new and changed messages, no patient data.
  const inboxEvents = createInboxEvents({
    relay: deps.stores.inboxRelay,
    nameOf: async (actor) => (actor.kind === 'token' ? actor.label : (await deps.stores.accounts.byId(actor.accountId))?.name || actor.label),
    onRelayError: (err) => logger.warn('inbox.notice_unsent', errorFields(err)),
  });
  // One contact API, one rate limit, on both listeners.
  const contact = (hosted: boolean) =>
    contactRoutes({
      store: deps.stores.messages,
      now,
      limiter,
      failedLimiter,
      refusals,
      directory,
      trusted,
      extraHosts: hosted ? hostOf(server.sitesUrl) : hostOf(server.publicUrl),
      hosted,
      maxBodyBytes: server.maxBodyBytes,
      renderFormPage: deps.renderFormPage ?? fallbackFormPage,
      logger,
      onMessageStored: (city, id) => {
        inboxEvents.publish({ kind: 'new', id, site: city, by: '' });
        metrics.contactStored.inc({ city: city || 'unknown' });
        deps.onMessageStored?.(city);
      },
    });
  const onError = errorHandler(logger, metrics);

  const site = prepareSite(deps.files);
  // A site whose contact form posts to another server must be allowed to connect and post there.
  const endpointOrigin = deps.clinic.contactEndpoint ? normalizeOrigin(deps.clinic.contactEndpoint) : undefined;
  const admin = new Hono<AppEnv>();
  // Outermost, so it runs last: a route that asked for a stricter policy (c.set('csp'), used for
  // uploaded files) gets it, after securityHeaders has put the site policy on every response.
  const accessLog = server.accessLog;
  admin.use(observe({ listener: 'admin', metrics, logger, accessLog, trusted }));
  admin.use(async (c, next) => {
    await next();
    const own = c.get('csp');
    if (own) mutableHeaders(c).set('Content-Security-Policy', own);
  });
  admin.use(securityHeaders({ csp: contentSecurityPolicy(endpointOrigin ? [endpointOrigin] : []), trusted }));
  admin.use(hostGuard(hostRules(server, 'admin')));
  admin.use(pathGuard());
  const audit = createAuditTrail(deps.stores.audit, deps.secrets.auditKey, now);
  admin.use(
    adminGuard({
      accounts: deps.stores.accounts,
      audit,
      trusted,
      extraOrigins: publicOrigin ? [publicOrigin] : [],
      now: () => now().getTime(),
      isScraper: (authorization) => isScraper(authorization, server.metricsToken),
    }),
  );
  admin.route(
    '/',
    authRoutes({
      accounts: deps.stores.accounts,
      audit,
      keys: deps.secrets.keys,
      pepper: deps.secrets.pepper,
      trusted,
      counters,
      failuresPerClient: SERVER_DEFAULTS.authFailuresPerClient,
      failuresPerAccount: SERVER_DEFAULTS.authFailuresPerAccount,
      failuresGlobal: SERVER_DEFAULTS.authFailuresGlobal,
      now,
      issuer: deps.clinic.businessName,
      onSignIn: (outcome) => metrics.signIns.inc({ outcome }),
    }),
  );
  // Forgot password (issue 37 item 9): a link by email when the server sends mail, else the sign-in page says to ask an owner.
  admin.route('/', passwordResetRoutes({ accounts: deps.stores.accounts, audit, trusted, counters, now, logger, mail: server.mail && { ...server.mail, clinic: deps.clinic.businessName, send: createSmtpMailer(server.mail.smtp).send } }));
  admin.route('/', auditRoutes(deps.stores.audit, now, auditNames(deps.stores.accounts, directory), deps.secrets.auditKey));
  admin.route('/', metricsRoutes(metrics));
  admin.route('/', contact(false));
  admin.route('/', messageRoutes(deps.stores.messages, deps.stores.refusals, now));
  // Search hashes need only the search key: the same sealer as the store's (serve.ts) gives the same hashes.
  admin.use('/api/inbox/*', inboxEvents.changes());
  admin.route('/', inboxRoutes({ inbox: deps.stores.inbox, accounts: deps.stores.accounts, sealer: createSealer(deps.secrets.keys, deps.secrets.searchKey), now, knownCities: () => directory.slugs(), events: inboxEvents }));
  admin.route('/', inboxBulkRoutes({ inbox: deps.stores.inbox, accounts: deps.stores.accounts, now, knownCities: () => directory.slugs(), events: inboxEvents }));
  admin.route('/', inboxExportRoutes({ inbox: deps.stores.inbox, staffNames: async () => new Map((await deps.stores.accounts.list()).map((a) => [a.id, a.name || a.email])) }));
  admin.route(
    '/',
    adminApiRoutes({
      clinic: deps.clinic,
      dataDir: server.dataDir,
      brand: deps.stores.brand,
      uploads,
      assetFolders,
      urlTemplate: server.urlTemplate,
      publicOrigin,
      releases,
      domains,
      previews,
      sitesOrigin: (requestUrl) => sitesOrigin(server, requestUrl)!,
      reservedHosts: (requestUrl) => reservedHostNames(server, requestUrl),
      cities: { cities, deployer, runner: redeploys, messages: deps.stores.messages, now },
      brandSite,
    }),
  );
  admin.route('/', siteRoutes(site));
  admin.notFound((c) => notFound(c, site));
  admin.onError(onError);

  const sites = createSitesApp({ server, trusted, contact: contact(true), releases, domains, previews, onError, observe: observe({ listener: 'sites', metrics, logger, accessLog, trusted }) });
  const remoteChange = (kind: 'deployments' | 'cities') => (kind === 'deployments' ? domains.changed() : directory.invalidate());
  return { admin, sites, releases, cities, redeploys, deployer, remoteChange, refusals, metrics, inboxEvents };
}

/** The admin app alone (route tests, benchmarks); createApps gives both. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createApps(deps).admin;
}
