import { V1 } from './migrations/v1-every-store.js';
import { V2_5 } from './migrations/v2-5-accounts-and-inbox.js';
import { V6_10 } from './migrations/v6-10-brand-and-sign-in.js';
import { V11 } from './migrations/v11-audit-sequence.js';
import { V12 } from './migrations/v12-sealed-by-the-current-key.js';
import { V13 } from './migrations/v13-who-saved.js';
import { V14 } from './migrations/v14-who-deployed.js';
import { V15 } from './migrations/v15-facts-as-written.js';
import { V16 } from './migrations/v16-message-language.js';

/**
 * The PostgreSQL schema, as versioned migrations (docs/decisions/015-postgresql.md). migratePg (connect.ts)
 * applies them at start under an advisory lock, each in its own transaction with its row in
 * `schema_migrations`, so three servers starting at once migrate once and a failed migration
 * changes nothing. Append only: never edit a migration that has shipped.
 *
 * The same data as the SQLite file (sqlite/migrations.ts) plus what a single server keeps on disk
 * or in memory: deployments (content-addressed file blobs, releases, the live pointer), uploads,
 * previews and rate-limit counts.
 */

/** One migration: its version (its row in `schema_migrations`), what it does, and its SQL. */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration in version order, a file a few versions (pg/migrations/); a new one goes at the end of the last. */
export const PG_MIGRATIONS: readonly PgMigration[] = [...V1, ...V2_5, ...V6_10, ...V11, ...V12, ...V13, ...V14, ...V15, ...V16];
