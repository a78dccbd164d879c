import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteCityStore } from '../cities/sqlite-store.js';
import { recoverRuns } from '../cities/sqlite-runs.js';
import { migrate } from '../sqlite/migrations.js';
import { createSqliteRefusalStore } from '../leads/sqlite-refusals.js';
import { createSqliteInboxStore } from '../leads/inbox-sqlite.js';
import { createMessageStore } from '../leads/sqlite-store.js';
import type { MessageSealer } from '../leads/sealing.js';
import { createOutboxStore } from '../mail/sqlite-outbox.js';
import { createPreviewStore } from '../previews/store.js';
import { memoryRateCounters } from '../rate-limits/store.js';
import { createReleaseStore } from '../releases/disk-store.js';
import type { ReleaseSettings, ServerStore } from './server-store.js';
import { folderUploadStore } from '../uploads/store.js';
import { BUSY_RETRY } from '../sqlite/busy.js';
import { createSqliteAccountStore } from '../auth/index.js';
import { createSqliteAuditStore } from '../audit/index.js';
import { createSqliteBrandStore, importingBrandStore } from '../brand/index.js';
import type { KeyRing } from '../crypto/data-key.js';
import { checkKeyId, META } from '../crypto/server-keys.js';
import { peekMeta, sqliteMeta } from '../sqlite/meta.js';
import { sqliteRewrapStore } from '../sqlite/rewrap.js';

export interface OpenSqliteStoreOptions {
  /** Queue a notification in the outbox with every message (mail is configured). */
  notify?: boolean;
  /** The home clinic (city slug and city): messages stored before messages had cities are filed under it. */
  home?: { site: string; city: string };
  /**
   * How long opening and migrating wait for a lock held by another connection (before the server
   * listens, so blocking is harmless). Afterwards the connection never waits: see busy.ts.
   */
  busyTimeoutMs?: number;
  /**
   * How long readiness forgives a write lock held elsewhere (default: as long as a write waits for
   * it, BUSY_RETRY.budgetMs): a sqlite3 shell's short transaction, or another process's, must not
   * take the server out of a balancer.
   */
  lockGraceMs?: number;
  /** Release store settings besides its folder (`<data>/deployments`). */
  releases?: ReleaseSettings;
  /** The clock of the rate counts and previews kept in memory (tests move it). */
  now?: () => Date;
  /** The data key: a store written under another key is refused before anything is written (crypto/server-keys.ts). */
  keys?: KeyRing;
  /** A shell command's store (users, audit, keys): it may wait for the write lock a server holds for a moment. */
  waitForLock?: boolean;
}

/** Name of the database file inside the data folder. */
export const DB_FILE = 'clinic.db';

/**
 * Opens (creating on first start) `<dataDir>/clinic.db`, migrates it, and returns every store of
 * one server: messages, outbox and cities in the database; deployments and uploads in the data
 * folder; previews and rate counts in this process. WAL with synchronous=FULL: a commit is fsynced
 * before `add()` resolves, so a message that got a 201 survives a crash of the process or of the
 * machine.
 */
export function openSqliteStore(dataDir: string, options: OpenSqliteStoreOptions = {}): ServerStore {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  let interruptedRuns: string[];
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs ?? 5000)}`);
    db.pragma('foreign_keys = ON');
    // A deleted or rewritten row's bytes are overwritten, not left in free pages (patients' words).
    db.pragma('secure_delete = ON');
    if (options.keys) checkKeyId(peekMeta(db, META.dataKeyId), options.keys);
    migrate(db, file);
    // A run still `running` in the file belongs to a process that is gone (this one has only just
    // opened it): interrupted now, before anyone can read it as running.
    interruptedRuns = recoverRuns(db, new Date().toISOString());
    // From here on a lock held elsewhere fails at once and is retried on a timer (batcher.ts):
    // a busy timeout would block the event loop, and every request with it.
    if (!options.waitForLock) db.pragma('busy_timeout = 0');
  } catch (err) {
    db.close();
    throw err;
  }
  const now = options.now ?? (() => new Date());
  const messages = createMessageStore(db, { notify: options.notify ?? false, home: options.home });
  const inbox = createSqliteInboxStore(db);
  // One sealer for both views of the messages: what the one seals, the other opens.
  const useSealer = messages.useSealer!.bind(messages);
  let sealer: (MessageSealer & { close?(): Promise<void> }) | undefined;
  messages.useSealer = (s) => {
    // A sealer replaced has its worker stopped (what it still held is sealed on this thread).
    if (sealer && sealer !== s) void sealer.close?.();
    sealer = s;
    useSealer(s);
    inbox.useSealer(s);
  };
  const lockGraceMs = options.lockGraceMs ?? BUSY_RETRY.budgetMs;
  // Since when probes have found the write lock taken elsewhere (undefined: it was free last time).
  let lockedSince: number | undefined;
  let closed = false;
  // Whether the database takes a write now: the write lock is taken and given back at once,
  // nothing written. False when closed, or when another process holds it.
  const takesWrites = () => {
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
  };
  return {
    kind: 'sqlite',
    location: file,
    accounts: createSqliteAccountStore(db),
    audit: createSqliteAuditStore(db),
    meta: sqliteMeta(db),
    sealedValues: sqliteRewrapStore(db),
    messages,
    inbox,
    refusals: createSqliteRefusalStore(db),
    outbox: createOutboxStore(db),
    // A brand.yaml of the release before is imported before the brand is first read or written.
    brand: importingBrandStore(createSqliteBrandStore(db), dataDir),
    cities: createSqliteCityStore(db),
    releases: createReleaseStore({ ...options.releases, root: path.join(dataDir, 'deployments') }),
    uploads: folderUploadStore(path.join(dataDir, 'uploads')),
    previews: createPreviewStore(() => now().getTime()),
    counters: memoryRateCounters(() => now().getTime()),
    interruptedRuns,
    writable() {
      if (takesWrites()) {
        lockedSince = undefined;
        return true;
      }
      lockedSince ??= performance.now();
      return performance.now() - lockedSince < lockGraceMs;
    },
    onRemoteChange: () => undefined,
    compact: async () => {
      messages.flush();
      // VACUUM needs the write lock for a moment; it runs at start-up, before the ports answer writes.
      db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs ?? 5000)}`);
      try {
        db.exec('VACUUM');
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.pragma('busy_timeout = 0');
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // Messages being sealed in the worker are committed before the database closes.
      await messages.drain();
      messages.flush();
      db.close();
      await sealer?.close?.();
    },
  };
}
