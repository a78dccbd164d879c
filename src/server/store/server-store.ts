import type { AccountStore } from '../auth/index.js';
import type { AuditStore } from '../audit/index.js';
import type { BrandStore } from '../brand/index.js';
import type { CityStore } from '../cities/index.js';
import type { MetaStore } from '../crypto/server-keys.js';
import type { RewrapStore } from '../crypto/rewrap.js';
import type { InboxStore, MessageStore, RefusalStore } from '../leads/index.js';
import type { InboxRelay } from '../leads/inbox-events.js';
import type { OutboxStore } from '../mail/index.js';
import type { PreviewStore } from '../previews/index.js';
import type { RateCounters } from '../rate-limits/index.js';
import type { ReleaseStore, ReleaseStoreOptions } from '../releases/index.js';
import type { UploadStore } from '../uploads/index.js';

/**
 * Everything a clinic server keeps, behind one interface with two implementations
 * (docs/decisions/015-postgresql.md), each complete: SQLite and the data folder (one server, the
 * default; sqlite-server-store.ts) and PostgreSQL (any number of servers; pg-server-store.ts).
 * openServerStore (open-server-store.ts) opens one and serve.ts hands it to the apps; no route
 * knows which one it talks to.
 */
export interface ServerStore {
  kind: 'sqlite' | 'postgres';
  /** Where it is, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  /** Staff accounts, sessions, recovery codes and API tokens (docs/decisions/017-staff-accounts.md). */
  accounts: AccountStore;
  /** The append-only audit trail. */
  audit: AuditStore;
  /** The store's own settings (store_meta): the data key's id, the audit chain's sealed key. */
  meta: MetaStore;
  /** Every value sealed by the data key, for `keys rotate` (crypto/rewrap.ts). */
  sealedValues: RewrapStore;
  /** Patients' contact messages. */
  messages: MessageStore;
  /** The front desk's inbox over the same messages: statuses, assignees, notes, retention (leads/inbox.ts). */
  inbox: InboxStore;
  /** Counts of refused contact posts per day, reason and origin (leads/refusals.ts). */
  refusals: RefusalStore;
  /** Notifications of new messages waiting to be mailed. */
  outbox: OutboxStore;
  /** The brand settings (one row, shared by every server; brand/store.ts). */
  brand: BrandStore;
  /** The stored cities and redeploy runs (docs/decisions/012-stored-cities.md). */
  cities: CityStore;
  /** The deployed sites: `<data>/deployments`, or the database. */
  releases: ReleaseStore;
  /** Uploaded logos and photos: `<data>/uploads`, or the database. */
  uploads: UploadStore;
  /** The admin's previews: this process's memory, or the database. */
  previews: PreviewStore;
  /** Rate-limit counts: this process's memory, or the database (shared by every server). */
  counters: RateCounters;
  /** Redeploy-all runs a server that is gone left `running`, now marked interrupted. */
  interruptedRuns: string[];
  /**
   * Readiness (/readyz): whether the database takes writes, as the store judges it (SQLite: its
   * write lock not held elsewhere for long; PostgreSQL: its listening connection up and answering).
   */
  writable(): boolean;
  /**
   * Another server changed what the apps cache: the live deployments (their domains) or the saved
   * cities (the cities' addresses messages are checked against). Never called with SQLite: one server makes every change.
   */
  onRemoteChange(listener: (kind: 'deployments' | 'cities') => void): void;
  /** The live inbox's notices between servers (PostgreSQL's change feed); absent with SQLite: one server. */
  inboxRelay?: InboxRelay;
  /**
   * Rewrites the files the store controls so that no page freed by a change keeps old contents
   * (SQLite: VACUUM and an emptied WAL; PostgreSQL: VACUUM FULL of the messages): after the
   * messages of an older release were sealed in place (`sealed`: how many).
   */
  compact(o: { sealed: number }): Promise<void>;
  /**
   * Messages whose text in clear the store may still keep outside its tables (PostgreSQL: WAL
   * written before they were sealed, pg/wal-scrub.ts), as recorded by the upgrade; 0 when none. Absent with SQLite.
   */
  plaintextRemaining?(): Promise<number>;
  /** Commits what is queued, then closes. Safe to call twice. */
  close(): Promise<void>;
}

/** Release store settings besides its folder or pool: how many to keep, fsync, the test hook before the switch. */
export type ReleaseSettings = Omit<ReleaseStoreOptions, 'root' | 'now'>;
