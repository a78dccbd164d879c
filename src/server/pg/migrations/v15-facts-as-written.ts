import type { PgMigration } from '../schema.js';

/** Version 15 (SQLite's 18, issue 39 item 3): versions stored before it are read with the facts they published (NOTES.md decision 14); versions saved from now on, as written. */
export const V15: readonly PgMigration[] = [
  {
    version: 15,
    name: 'versions saved from now on are read as written',
    sql: `ALTER TABLE city_versions ADD COLUMN legacy_facts BOOLEAN NOT NULL DEFAULT false;
      UPDATE city_versions SET legacy_facts = true;`,
  },
];
