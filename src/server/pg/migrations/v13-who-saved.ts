import type { PgMigration } from '../schema.js';

/** Version 13 (SQLite's 16, issue 39 item 1): each saved version of a city names who saved it ('' for versions saved before), and a version a Restore made the version it restored. */
export const V13: readonly PgMigration[] = [
  {
    version: 13,
    name: 'a city version names who saved it',
    sql: `ALTER TABLE city_versions ADD COLUMN saved_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE city_versions ADD COLUMN restored_from INTEGER;`,
  },
];
