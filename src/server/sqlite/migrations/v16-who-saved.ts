import type { Migration } from '../migrations.js';

/**
 * Version 16: each saved version of a city names who saved it (issue 39 item 1, the history's
 * "who"): the account's name and email as the audit trail labels them, or the shell's or an
 * import's label. Versions saved before say '' (not recorded), never a guess. A version a Restore
 * made names the version it restored (`restored_from`).
 */
export const V16: readonly Migration[] = [
  {
    version: 16,
    name: 'a city version names who saved it',
    sql: `ALTER TABLE city_versions ADD COLUMN saved_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE city_versions ADD COLUMN restored_from INTEGER;`,
  },
];
