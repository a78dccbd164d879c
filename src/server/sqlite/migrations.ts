import type Database from 'better-sqlite3';
import { V1_4 } from './migrations/v1-4-messages-and-cities.js';
import { V5_8 } from './migrations/v5-8-accounts-and-inbox.js';
import { V9_13 } from './migrations/v9-13-brand-and-sign-in.js';
import { V14 } from './migrations/v14-audit-sequence.js';
import { V15 } from './migrations/v15-sealed-by-the-current-key.js';
import { V16 } from './migrations/v16-who-saved.js';
import { V17 } from './migrations/v17-who-deployed.js';
import { V18 } from './migrations/v18-facts-as-written.js';
import { V19 } from './migrations/v19-message-language.js';

/**
 * Versioned schema migrations. The database's `PRAGMA user_version` holds the number of the last
 * migration applied; each migration runs in its own transaction together with the version bump, so
 * a crash leaves the schema at one version or the next, never in between. Append only: never edit
 * a migration that has shipped.
 */

/** One migration: its version (the `user_version` it leaves), what it does, and its SQL. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration in version order, a file a few versions (sqlite/migrations/); a new one goes at the end of the last. */
export const MIGRATIONS: readonly Migration[] = [...V1_4, ...V5_8, ...V9_13, ...V14, ...V15, ...V16, ...V17, ...V18, ...V19];

/** Thrown when the file was written by a newer clinic-gen: running old code on it could lose data. */
export class SchemaTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(`${file}: the database has schema version ${found}, this clinic-gen knows up to ${known}; upgrade clinic-gen or use another --data folder`);
    this.name = 'SchemaTooNewError';
  }
}

/** Brings the schema up to date. Returns the versions it applied. */
export function migrate(db: Database.Database, file: string): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > latest) throw new SchemaTooNewError(file, current, latest);
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      // user_version lives in the file header and is written inside this transaction.
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
