import type { CityStore } from './cities/types.js';
import type { SharedStores } from './types.js';
import type { MessageStore, OutboxStore } from './store/types.js';

/**
 * Everything a clinic server keeps, behind one interface with two implementations
 * (docs/decisions/015-postgresql.md): SQLite in the data folder (one server, the default;
 * open-sqlite.ts) and PostgreSQL (any number of servers; open-store.ts). serve.ts opens one and
 * hands its parts to the apps; no route knows which one it talks to.
 */
export interface ServerStore {
  kind: 'sqlite' | 'postgres';
  /** Where it is, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  messages: MessageStore;
  outbox: OutboxStore;
  cities: CityStore;
  /**
   * Deployments, uploads, previews and rate counts where every server reaches them (PostgreSQL).
   * Absent with SQLite: the data folder and this process keep them.
   */
  shared?: SharedStores;
  /** Redeploy-all runs a server that is gone left `running`, now marked interrupted. */
  interruptedRuns: string[];
  /**
   * Readiness (/readyz): whether the database takes writes, as the store judges it (SQLite: its
   * write lock not held elsewhere for long; PostgreSQL: its listening connection up and answering).
   */
  writable(): boolean;
  /**
   * Another server changed what the apps cache: the live deployments (their domains) or the saved
   * cities (the origins allowed to post). Never called with SQLite: one server makes every change.
   */
  onRemoteChange(listener: (kind: 'deployments' | 'cities') => void): void;
  /** Commits what is queued, then closes. Safe to call twice. */
  close(): Promise<void>;
}
