import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ClinicConfig } from '../config/schema.js';
import { citySlug } from '../config/slug.js';
import { pgPreviewStore } from './admin-api/pg-preview-store.js';
import { createPgCityStore } from './cities/pg-store.js';
import type { ServerConfig } from './config.js';
import { openPgReleaseStore } from './deploy/pg-release-store.js';
import { pgRateCounters } from './http/pg-rate-counters.js';
import { errorFields, type Logger } from './logger.js';
import { createPool, migratePg, redactUrl } from './pg/connect.js';
import { openChangeFeed } from './pg/notify.js';
import { databaseProblem, postgresProblem } from './start-error.js';
import type { ServerStore } from './server-store.js';
import { DB_FILE, openStore, sqliteServerStore } from './open-sqlite.js';
import { createPgMessageStore } from './store/pg/messages.js';
import { createPgOutboxStore } from './store/pg/outbox.js';
import type { AppDeps } from './types.js';
import { pgUploadStore } from './uploads/pg-upload-store.js';

export interface OpenPgStoreOptions {
  url: string;
  /** Connections of the main pool (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** The data folder: only the image caches live there with PostgreSQL (`<data>/cache`). */
  dataDir: string;
  /** Queue a notification in the outbox with every message (mail is configured). */
  notify: boolean;
  logger: Logger;
  /** Release store settings (kept releases, the test hook before the switch). */
  releases?: { keep?: number; beforeSwitch?: (site: string, releaseId: string) => Promise<void> };
}

/**
 * Opens every store on PostgreSQL (docs/decisions/015-postgresql.md): migrates under the advisory
 * lock, starts listening for the other servers' changes (which also holds this server's instance
 * lock), interrupts the redeploy runs of servers that are gone, and loads the live deployments
 * into memory. A failure at any step closes what was opened and rejects: the server does not start.
 */
export async function openPgStore(o: OpenPgStoreOptions): Promise<ServerStore> {
  const where = redactUrl(o.url);
  const instance = randomUUID();
  const pool = createPool(o.url, { size: o.poolSize, applicationName: 'clinic-gen' });
  // Rate counts need no fsync: losing the last minute's counts in a crash of the database is harmless.
  const counterPool = createPool(o.url, { size: Math.max(2, Math.ceil(o.poolSize / 4)), applicationName: 'clinic-gen-counters', options: '-c synchronous_commit=off' });
  const opened: { close(): unknown }[] = [];
  const endPools = async () => {
    for (const p of [pool, counterPool]) await p.end().catch(() => undefined);
  };
  try {
    await migratePg(pool, where);
    const feed = await openChangeFeed(o.url, {
      instance,
      onStatus: (status, err) =>
        status === 'lost'
          ? o.logger.warn('database.listen_lost', { note: 'reconnecting; changes made by other servers meanwhile are reloaded on reconnect', ...(err ? errorFields(err) : {}) })
          : o.logger.info('database.listen_reconnected', {}),
    });
    opened.push(feed);
    const listeners = new Set<(kind: 'deployments' | 'cities') => void>();
    const tell = (kind: 'deployments' | 'cities') => {
      for (const l of listeners) l(kind);
    };
    feed.subscribe((event) => {
      if (event.kind === 'cities' || event.kind === 'resync') tell('cities');
    });
    const cities = createPgCityStore(pool, { owner: instance });
    const interruptedRuns = await cities.redeploys.recover(new Date().toISOString());
    const releases = await openPgReleaseStore(pool, { feed, keep: o.releases?.keep, beforeSwitch: o.releases?.beforeSwitch, onChange: () => tell('deployments') });
    opened.push(releases);
    const messages = createPgMessageStore(pool, { notify: o.notify });
    let closing: Promise<void> | undefined;
    return {
      kind: 'postgres',
      location: where,
      messages,
      outbox: createPgOutboxStore(pool),
      cities,
      shared: {
        releases,
        uploads: pgUploadStore(pool, join(o.dataDir, 'cache', 'uploads')),
        previews: pgPreviewStore(pool),
        counters: pgRateCounters(counterPool),
      },
      interruptedRuns,
      // The listening connection is pinged every second (pg/notify.ts): up and answering means
      // the database answers, and that this server hears the others' changes.
      writable: () => feed.connected(),
      onRemoteChange: (listener) => void listeners.add(listener),
      close: () =>
        (closing ??= (async () => {
          await messages.flush().catch(() => undefined);
          releases.close();
          await feed.close();
          await endPools();
        })()),
    };
  } catch (err) {
    for (const x of opened.reverse()) await Promise.resolve(x.close()).catch(() => undefined);
    await endPools();
    throw err;
  }
}

/** SQLite in the data folder, or PostgreSQL when DATABASE_URL is set; a failure reads as the operator's problem. */
export async function openServerStore(o: {
  clinic: ClinicConfig;
  server: ServerConfig;
  logger: Logger;
  releases?: AppDeps['releases'];
  /** SQLite: how long a write lock held elsewhere is forgiven by readiness (sqliteServerStore). */
  lockGraceMs?: number;
}): Promise<ServerStore> {
  const { server: config } = o;
  const notify = config.mail !== undefined;
  if (config.database) {
    try {
      return await openPgStore({ url: config.database.url, poolSize: config.database.poolSize, dataDir: config.dataDir, notify, logger: o.logger, releases: o.releases });
    } catch (err) {
      throw postgresProblem(err, redactUrl(config.database.url));
    }
  }
  try {
    return sqliteServerStore(openStore(config.dataDir, { notify, home: { site: citySlug(o.clinic.city), city: o.clinic.city } }), o.lockGraceMs);
  } catch (err) {
    throw databaseProblem(err, join(config.dataDir, DB_FILE));
  }
}
