import { dirname } from 'node:path';
import { loadConfigFile } from '../config/load.js';
import { renderFormPostPage } from '../pages/form-post-page.js';
import { configAssetSource } from '../site/asset-source.js';
import { CACHE_MAX_ENV, cacheLimitBytes, pruneCacheIfDue } from '../site/cache-prune.js';
import { dataImageCacheDir } from '../site/images/cache-dir.js';
import { buildDay, buildSiteFiles, problemLines } from '../site/pipeline.js';
import { isLoopbackHost, resolveServerConfig, type ServerFlags } from './settings/config.js';
import { createLogger, type Logger } from './log/logger.js';
import { serveClinic, type RunningServer } from './serve.js';
import { ServerStartError } from './lifecycle/start-error.js';
import { ownerOnlyUmask } from './lifecycle/owner-only.js';
import { textOf } from './http/api-error.js';
import { cacheLimitNotNumber } from '../texts/server.js';

/** Options of `clinic-gen serve`: its flags (defaults in config.ts) and the clinic's config file. */
export interface StartOptions extends ServerFlags {
  /** The clinic's YAML config (`--config`). */
  configPath: string;
  /** The environment to read (default process.env). */
  env?: Record<string, string | undefined>;
  /**
   * The process is the server's own: stop gracefully on SIGTERM / SIGINT, and make every file it
   * writes its owner's alone (umask 077: lifecycle/owner-only.ts). Only the CLI asks, so tests can
   * run several servers in one process.
   */
  installSignalHandlers?: boolean;
  logger?: Logger;
  /** The server's clock (ServeOptions.now); tests move it. */
  now?: () => Date;
}

/** Start-up failures the operator can fix (src/server/lifecycle/start-error.ts). */
export { ServerStartError };

/** Loads and renders the clinic's site, opens the store and listens. */
export async function startServer(options: StartOptions): Promise<{ url: string; sitesUrl: string; close(): Promise<void> }> {
  const logger = options.logger ?? createLogger();
  // Before anything is written: the data folder's files and folders are made 0600 and 0700.
  if (options.installSignalHandlers) ownerOnlyUmask();
  const { port, sitesPort, host, dataDir, rateLimit, seedSamples } = options;
  const resolved = resolveServerConfig({ flags: { port, sitesPort, host, dataDir, rateLimit, seedSamples }, env: options.env ?? process.env });
  if (!resolved.ok) throw new ServerStartError(resolved.errors);
  const settings = resolved.config;
  const loaded = await loadConfigFile(options.configPath);
  if (!loaded.ok) throw new ServerStartError(loaded.errors);
  for (const warning of loaded.warnings) logger.warn('config.warning', { warning });
  const { config } = loaded;
  // The same site as `clinic-gen build` (docs/decisions/005): a logo and photos given as site paths
  // are read from beside the config, encoded photos and drawn cards kept in the data folder. This
  // server serves the site, so the form's default path endpoint reaches it (no warning). Built
  // while the ports are bound: a first start encodes the photos, which takes seconds.
  const imageCacheDir = dataImageCacheDir(settings.dataDir);
  const env = options.env ?? process.env;
  const cacheLimit = cacheLimitBytes(env);
  if (cacheLimit === undefined) throw new ServerStartError([textOf(cacheLimitNotNumber(env[CACHE_MAX_ENV] ?? ''))]);
  const building = buildSiteFiles(config, configAssetSource(options.configPath), { servedByClinic: true, imageCacheDir }).then((site) => {
    if (!site.ok) throw new ServerStartError(problemLines(options.configPath, site.errors));
    for (const warning of problemLines(options.configPath, site.warnings)) logger.warn('config.warning', { warning });
    return site.files;
  });

  const server = await serveClinic({
    clinic: config,
    server: settings,
    files: building,
    logger,
    // The special hours ahead as of the city's day now (in its time zone), as its contact page lists them.
    renderFormPage: (result, lang) => {
      const day = buildDay(config, (options.now ?? (() => new Date()))());
      return renderFormPostPage(config, result, undefined, day.ok ? day.day : undefined, lang);
    },
    configPath: options.configPath,
    now: options.now,
  });

  logger.info('server.listening', { url: server.url, sites: server.sitesUrl, database: server.store.location, mail: settings.mail !== undefined });
  if (settings.publicUrl && !settings.sitesUrl) {
    logger.warn('sites.url_unset', { note: `PUBLIC_URL is set but SITES_URL is not: links to deployed sites and previews use port ${server.sitesPort} of the admin's host name; set SITES_URL to their public address` });
  }
  if (settings.corsOrigins.length > 0) {
    logger.warn('cors_origins.unused', {
      note: 'CORS_ORIGINS is set but has nothing left to do: the contact endpoint takes posts from a site hosted anywhere, and files each under the city its form names (docs/decisions/010-leads-by-city.md); remove it',
    });
  }
  if (settings.database && !settings.publicUrl) {
    logger.warn('public_url.unset', {
      note: 'DATABASE_URL is set but PUBLIC_URL is not: packages the admin generates would post their contact form to the address one server was reached at; set PUBLIC_URL to the address the servers share',
    });
  }
  // Sign-in needs https beyond this machine (docs/decisions/017-staff-accounts.md): said now, not
  // discovered at the first sign-in.
  if (!isLoopbackHost(settings.host) && !settings.publicUrl?.startsWith('https://')) {
    logger.warn('sign_in.needs_https', {
      note: `listening on ${settings.host} without an https PUBLIC_URL: signing in to the admin is refused over plain http from other machines. Put a TLS proxy in front (PUBLIC_URL=https://..., TRUST_PROXY naming it, X-Forwarded-Proto: https), or sign in from this machine over loopback`,
    });
  }
  // The cache (encoded photos, card bands, templates) kept under its limit (src/site/cache-prune.ts):
  // looked over once the site is built, then each hour, which prunes at most once a day.
  // Stopping ends a prune under way at its next removal, while the server drains; it never waits
  // for the site's build.
  let closed = false;
  let pruning: Promise<void> | undefined;
  const prune = () => {
    if (closed || pruning) return;
    pruning = pruneCacheIfDue(dirname(imageCacheDir), cacheLimit, (options.now?.() ?? new Date()).getTime(), () => closed)
      .then(
        (r) => {
          if (r && r.removed > 0) logger.info('cache.pruned', { removed: r.removed, removedBytes: r.removedBytes, heldBytes: r.bytes - r.removedBytes, limitBytes: cacheLimit });
          if (r && cacheLimit > 0 && r.recentBytes > cacheLimit) logger.warn('cache.over_limit', { recentBytes: r.recentBytes, limitBytes: cacheLimit, note: 'the entries used within the last day alone exceed CLINIC_GEN_CACHE_MAX_MB; they are kept: raise the limit' });
        },
        (err: unknown) => logger.warn('cache.prune_failed', { error: String(err) }),
      )
      .finally(() => (pruning = undefined));
  };
  building.then(prune, () => undefined);
  const hourly = setInterval(prune, 60 * 60 * 1000);
  hourly.unref();
  const close = async () => {
    closed = true;
    clearInterval(hourly);
    await Promise.all([server.close(), pruning]);
  };
  if (options.installSignalHandlers) installSignals({ ...server, close }, logger);
  return { url: server.url, sitesUrl: server.sitesUrl, close };
}

function installSignals(server: Pick<RunningServer, 'close'>, logger: Logger) {
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info('server.stopping', { signal });
    // If draining hangs past the grace period plus a margin, leave anyway (start-up edge only).
    setTimeout(() => process.exit(1), 15_000).unref();
    server.close().then(
      () => logger.info('server.stopped', {}),
      (err: unknown) => {
        logger.error('server.stop_failed', { error: String(err) });
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
