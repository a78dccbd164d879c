import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import type { ServerConfig } from '../settings/config.js';
import type { Logger } from '../log/logger.js';
import { redactUrl } from '../pg/connect.js';
import { openPgStore } from './pg-server-store.js';
import type { ReleaseSettings, ServerStore } from './server-store.js';
import { DB_FILE, openSqliteStore } from './sqlite-server-store.js';
import { databaseProblem, postgresProblem, ServerStartError } from '../lifecycle/start-error.js';
import type { KeyRing } from '../crypto/data-key.js';
import { WrongDataKeyError } from '../crypto/server-keys.js';
import { ownerOnlyDataFolder } from '../lifecycle/owner-only.js';
import { BRAND_FILE } from '../brand/index.js';

/**
 * What the server and the shell commands make in the data folder, the entries a start tightens
 * (lifecycle/owner-only.ts): the database and its -wal and -shm, deployments, uploads, the cache,
 * the brand file and a restored backup's manifest.
 */
const DATA_FOLDER_NAMES = [DB_FILE, BRAND_FILE, 'deployments', 'uploads', 'cache', 'clinic-gen-backup.json'] as const;

/** SQLite in the data folder, or PostgreSQL when DATABASE_URL is set; a failure reads as the operator's problem. */
export async function openServerStore(o: {
  /** The served clinic: messages stored before they had cities are filed under its city (absent for shell tasks, which read no message). */
  clinic?: ClinicConfig;
  server: ServerConfig;
  logger: Logger;
  releases?: ReleaseSettings;
  /** SQLite: how long a write lock held elsewhere is forgiven by readiness (openSqliteStore). */
  lockGraceMs?: number;
  /** The data key, checked against the store's before anything is written. */
  keys?: KeyRing;
  /** A shell command's store: SQLite waits for a write lock a server holds for a moment. */
  waitForLock?: boolean;
}): Promise<ServerStore> {
  const { server: config } = o;
  const notify = config.mail !== undefined;
  if (config.database) {
    // The data folder keeps the uploads' and photos' cache with PostgreSQL too: its owner's alone.
    await ownerOnlyDataFolder(config.dataDir, { create: false, names: DATA_FOLDER_NAMES, logger: o.logger });
    try {
      return await openPgStore({ url: config.database.url, poolSize: config.database.poolSize, dataDir: config.dataDir, notify, logger: o.logger, releases: o.releases, keys: o.keys });
    } catch (err) {
      if (err instanceof WrongDataKeyError) throw new ServerStartError([err.message]);
      throw postgresProblem(err, redactUrl(config.database.url));
    }
  }
  const file = join(config.dataDir, DB_FILE);
  try {
    await ownerOnlyDataFolder(config.dataDir, { create: true, names: DATA_FOLDER_NAMES, logger: o.logger });
    createOwnerOnly(file);
    return openSqliteStore(config.dataDir, { notify, home: o.clinic ? { site: citySlug(o.clinic.city), city: o.clinic.city } : undefined, lockGraceMs: o.lockGraceMs, releases: o.releases, keys: o.keys, waitForLock: o.waitForLock });
  } catch (err) {
    if (err instanceof WrongDataKeyError) throw new ServerStartError([err.message]);
    throw databaseProblem(err, file);
  }
}

/**
 * The database file made empty (a valid new SQLite database) with mode 0600 before SQLite opens
 * it: SQLite gives its -wal and -shm files the database file's mode, so they are 0600 too.
 */
function createOwnerOnly(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
