import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { ClinicConfig } from '../config/schema.js';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import { errorFields, type Logger } from './logger.js';
import { wireMail } from './mail/wire.js';
import type { MailWorkerOptions } from './mail/worker.js';
import { trackConnections } from './shutdown.js';
import { openStore, type Store } from './store/open.js';
import type { AppDeps, FormPageRenderer } from './types.js';

/**
 * Listens with an already rendered site: opens the store, wires mail, starts @hono/node-server.
 * start.ts adds config loading and rendering on top; tests and the crash fixture call this
 * directly with a hand-made site.
 */
export interface ServeOptions {
  clinic: ClinicConfig;
  /** The resolved settings (resolveServerConfig), which already refused an unsafe host. */
  server: ServerConfig;
  files: Record<string, string | Uint8Array>;
  logger: Logger;
  renderFormPage?: FormPageRenderer;
  /** Release store settings besides its folder (the deploy atomicity test pauses a deploy). */
  releases?: AppDeps['releases'];
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

/** Opens the store, wires mail and listens on the configured host and port. */
export async function serveClinic(o: ServeOptions): Promise<RunningServer> {
  const { server: config } = o;
  const store = openStore(config.dataDir, { notify: config.mail !== undefined });
  const worker = config.mail ? wireMail({ mail: config.mail, clinic: o.clinic, logger: o.logger, mailTiming: o.mailTiming }, store) : undefined;

  const app = createApp({
    clinic: o.clinic,
    server: config,
    files: o.files,
    store: store.messages,
    logger: o.logger,
    renderFormPage: o.renderFormPage,
    releases: o.releases,
    onMessageStored: worker ? () => worker.kick() : undefined,
  });

  const server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server;
  // Slow clients (slowloris) must not hold sockets for the default five minutes.
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  const connections = trackConnections(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
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
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
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
