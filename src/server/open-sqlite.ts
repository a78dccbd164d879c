import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteCityStore } from './cities/sqlite-store.js';
import { recoverRuns } from './cities/sqlite-runs.js';
import type { CityStore } from './cities/types.js';
import { migrate } from './store/migrations.js';
import { createMessageStore } from './store/messages.js';
import { createOutboxStore } from './store/outbox.js';
import type { ServerStore } from './server-store.js';
import { BUSY_RETRY } from './store/busy.js';
import type { MessageStore, OutboxStore } from './store/types.js';

export interface Store {
  messages: MessageStore;
  outbox: OutboxStore;
  /** The stored cities and redeploy runs (docs/decisions/012-stored-cities.md). */
  cities: CityStore;
  /** Runs a redeploy-all left `running` when the last process stopped, now marked interrupted. */
  interruptedRuns: string[];
  /** The database file. */
  file: string;
  /**
   * Whether the database takes a write now (readiness, http/health.ts): the write lock is taken
   * and given back at once, nothing written. False when closed, or when another process holds it.
   */
  writable(): boolean;
  /** Commits what is queued, then closes the database. Safe to call twice. */
  close(): void;
}

export interface OpenStoreOptions {
  /** Queue a notification in the outbox with every message (mail is configured). */
  notify?: boolean;
  /** The home clinic (city slug and city): messages stored before messages had cities are filed under it. */
  home?: { site: string; city: string };
  /**
   * How long opening and migrating wait for a lock held by another connection (before the server
   * listens, so blocking is harmless). Afterwards the connection never waits: see busy.ts.
   */
  busyTimeoutMs?: number;
}

/** Name of the database file inside the data folder. */
export const DB_FILE = 'clinic.db';

/**
 * Opens (creating on first start) `<dataDir>/clinic.db` and migrates it. WAL with
 * synchronous=FULL: a commit is fsynced before `add()` resolves, so a message that got a 201
 * survives a crash of the process or of the machine.
 */
export function openStore(dataDir: string, options: OpenStoreOptions = {}): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  let interruptedRuns: string[];
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs ?? 5000)}`);
    db.pragma('foreign_keys = ON');
    migrate(db, file);
    // A run still `running` in the file belongs to a process that is gone (this one has only just
    // opened it): interrupted now, before anyone can read it as running.
    interruptedRuns = recoverRuns(db, new Date().toISOString());
    // From here on a lock held elsewhere fails at once and is retried on a timer (batcher.ts):
    // a busy timeout would block the event loop, and every request with it.
    db.pragma('busy_timeout = 0');
  } catch (err) {
    db.close();
    throw err;
  }
  const messages = createMessageStore(db, { notify: options.notify ?? false, home: options.home });
  const outbox = createOutboxStore(db);
  const cities = createSqliteCityStore(db);
  let closed = false;
  return {
    messages,
    outbox,
    cities,
    interruptedRuns,
    file,
    writable() {
      if (closed) return false;
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return true;
      } catch {
        // Never leave the shared connection inside a transaction: later writes would not commit.
        if (db.inTransaction) db.exec('ROLLBACK');
        return false;
      }
    },
    close() {
      if (closed) return;
      closed = true;
      messages.flush();
      db.close();
    },
  };
}

/**
 * The SQLite store as a ServerStore: one server, deployments and uploads in the data folder. Its
 * readiness forgives a write lock held elsewhere for `lockGraceMs` (default: as long as a write
 * waits for it, BUSY_RETRY.budgetMs): a sqlite3 shell's short transaction, or another process's,
 * must not take the server out of a balancer.
 */
export function sqliteServerStore(store: Store, lockGraceMs: number = BUSY_RETRY.budgetMs): ServerStore {
  // Since when probes have found the write lock taken elsewhere (undefined: it was free last time).
  let lockedSince: number | undefined;
  return {
    kind: 'sqlite',
    location: store.file,
    messages: store.messages,
    outbox: store.outbox,
    cities: store.cities,
    interruptedRuns: store.interruptedRuns,
    writable() {
      if (store.writable()) {
        lockedSince = undefined;
        return true;
      }
      lockedSince ??= performance.now();
      return performance.now() - lockedSince < lockGraceMs;
    },
    onRemoteChange: () => undefined,
    close: async () => store.close(),
  };
}
