import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ClinicConfig } from '../config/schema.js';
import { createApp } from './app.js';
import type { ServerEnv } from './env.js';
import { isLoopback } from './http/client.js';
import { errorFields, type Logger } from './logger.js';
import { wireMail } from './mail/wire.js';
import type { MailWorkerOptions } from './mail/worker.js';
import { trackConnections } from './shutdown.js';
import { openStore, type Store } from './store/open.js';
import type { AppEnv, FormPageRenderer } from './types.js';

/**
 * Listens with an already rendered site: opens the store, wires mail, starts @hono/node-server.
 * start.ts adds config loading and rendering on top; tests and the crash fixture call this
 * directly with a hand-made site.
 */
export interface ServeOptions {
  config: ClinicConfig;
  files: Record<string, string | Uint8Array>;
  dataDir: string;
  port: number;
  host: string;
  env: ServerEnv;
  /** The --rate-limit flag; wins over CONTACT_RATE_LIMIT. */
  rateLimit?: number;
  logger: Logger;
  renderFormPage?: FormPageRenderer;
  extraRoutes?: Hono<AppEnv>;
  /** Retry timing of the mail worker (tests shorten it). */
  mailTiming?: Pick<MailWorkerOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts' | 'idlePollMs'>;
  /** How long shutdown waits for in-flight requests before cutting connections. */
  shutdownGraceMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  store: Store;
  /** Stops accepting, lets in-flight requests finish, stops the mail worker, closes the database. */
  close(): Promise<void>;
}

/** True for host names that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopback(host.replace(/^\[|\]$/g, ''));
}

/** Opens the store, wires mail and listens; refuses a non-loopback host without ADMIN_PASSWORD. */
export async function serveClinic(o: ServeOptions): Promise<RunningServer> {
  if (!o.env.ADMIN_PASSWORD && !isLoopbackHost(o.host)) {
    throw new Error(
      `Refusing to listen on ${o.host} without ADMIN_PASSWORD: the admin and the stored messages would be open to the network. ` +
        'Set ADMIN_PASSWORD (at least 12 characters) or use --host 127.0.0.1.',
    );
  }
  const mailConfigured = Boolean((o.env.SMTP_URL || o.env.SMTP_HOST) && o.env.MAIL_FROM && o.env.NOTIFY_TO && o.env.PUBLIC_URL);
  const store = openStore(o.dataDir, { notify: mailConfigured });
  const worker = mailConfigured ? wireMail(o, store) : undefined;

  const app = createApp({
    config: o.config,
    files: o.files,
    store: store.messages,
    logger: o.logger,
    renderFormPage: o.renderFormPage,
    extraRoutes: o.extraRoutes,
    onMessageStored: worker ? () => worker.kick() : undefined,
    options: {
      rateLimit: o.rateLimit ?? o.env.CONTACT_RATE_LIMIT ?? 5,
      trustProxy: o.env.TRUST_PROXY,
      corsOrigins: o.env.CORS_ORIGINS,
      adminPassword: o.env.ADMIN_PASSWORD,
      publicUrl: o.env.PUBLIC_URL,
    },
  });

  const server = createAdaptorServer({ fetch: app.fetch, hostname: o.host }) as Server;
  // Slow clients (slowloris) must not hold sockets for the default five minutes.
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  const connections = trackConnections(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port, o.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await worker?.stop();
    store.close();
    throw err;
  }
  server.on('error', (err) => o.logger.error('server.error', errorFields(err)));
  worker?.start();

  const port = (server.address() as AddressInfo).port;
  const url = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    store,
    close: () =>
      (closing ??= (async () => {
        await connections.drain(o.shutdownGraceMs ?? 10_000);
        await worker?.stop();
        store.close();
      })()),
  };
}
