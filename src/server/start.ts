import path from 'node:path';
import { loadConfigFile } from '../config/load.js';
import { renderFormPostPage } from '../pages/form-post-page.js';
import { renderSite } from '../pages/render-site.js';
import { createAdminApp } from './admin-api/index.js';
import { checkUrlTemplate } from './deploy/url-template.js';
import { parseServerEnv } from './env.js';
import { createLogger, type Logger } from './logger.js';
import { isLoopbackHost, serveClinic, type RunningServer } from './serve.js';

/** Options of `clinic-gen serve`; every field but configPath has a default. */
export interface StartOptions {
  /** The clinic's YAML config (`--config`). */
  configPath: string;
  /** `--port`, default 3000; 0 picks a free port. */
  port?: number;
  /** `--host`, default 127.0.0.1. Anything but loopback needs ADMIN_PASSWORD. */
  host?: string;
  /** `--data`, default ./data; the database is `<dataDir>/clinic.db`. */
  dataDir?: string;
  /** `--rate-limit`: contact posts per address and minute, 0 = off. Wins over CONTACT_RATE_LIMIT; default 5. */
  rateLimit?: number;
  /** The environment to read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Stop gracefully on SIGTERM / SIGINT. Only the CLI asks, so tests can run several servers. */
  installSignalHandlers?: boolean;
  logger?: Logger;
}

/** A start-up failure: `problems` lists each one (bad env variable, bad config line, unsafe host). */
export class ServerStartError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServerStartError';
  }
}

/** Loads and renders the clinic's site, opens the store and listens. */
export async function startServer(options: StartOptions): Promise<{ url: string; close(): Promise<void> }> {
  const logger = options.logger ?? createLogger();
  const host = options.host ?? '127.0.0.1';
  const source = options.env ?? process.env;
  const env = parseServerEnv(source);
  if (!env.ok) throw new ServerStartError(env.errors);
  // Where "Visit Site" points (NOTES.md decision 5); default {origin}/sites/{siteName}/.
  const urlTemplate = source.DEPLOY_URL_TEMPLATE || undefined;
  const template = urlTemplate ? checkUrlTemplate(urlTemplate) : { ok: true as const };
  if (!template.ok) throw new ServerStartError([template.error]);
  if (!env.env.ADMIN_PASSWORD && !isLoopbackHost(host)) {
    throw new ServerStartError([
      `--host ${host}: refusing to listen beyond this machine without ADMIN_PASSWORD; set ADMIN_PASSWORD (12+ characters) or use --host 127.0.0.1`,
    ]);
  }
  const loaded = await loadConfigFile(options.configPath);
  if (!loaded.ok) throw new ServerStartError(loaded.errors);
  for (const warning of loaded.warnings) logger.warn('config.warning', { warning });
  const { config } = loaded;

  const dataDir = path.resolve(options.dataDir ?? './data');
  const admin = createAdminApp({ config, dataDir, urlTemplate, publicUrl: env.env.PUBLIC_URL });
  const server = await serveClinic({
    config,
    files: renderSite(config),
    dataDir,
    port: options.port ?? 3000,
    host,
    env: env.env,
    rateLimit: options.rateLimit,
    logger,
    renderFormPage: (result) => renderFormPostPage(config, result),
    extraRoutes: admin.app,
  });

  logger.info('server.listening', { url: server.url, database: server.store.file, mail: Boolean(env.env.NOTIFY_TO) });
  if (!env.env.ADMIN_PASSWORD) {
    logger.warn('admin.loopback_only', { note: 'ADMIN_PASSWORD is not set: listening on loopback only; the admin is open to this machine only' });
  }
  if (options.installSignalHandlers) installSignals(server, logger);
  return { url: server.url, close: server.close };
}

function installSignals(server: RunningServer, logger: Logger) {
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
