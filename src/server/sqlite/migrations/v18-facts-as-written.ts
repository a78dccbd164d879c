import type { Migration } from '../migrations.js';

/**
 * Version 18 (issue 39 item 3, NOTES.md decision 14): a city may be saved before its hours and
 * legal facts are given. Until now a stored version without them was read as one saved before
 * decision 14, with the facts it published then filled in (config/published-facts.ts). Every
 * version already stored keeps that reading (`legacy_facts` 1); a version saved from now on is
 * read as written (0), so a city saved incomplete is never given Pasco County's courts: Generate,
 * Deploy and every reader of its versions name what is missing instead.
 */
export const V18: readonly Migration[] = [
  {
    version: 18,
    name: 'versions saved from now on are read as written',
    sql: `ALTER TABLE city_versions ADD COLUMN legacy_facts INTEGER NOT NULL DEFAULT 0;
      UPDATE city_versions SET legacy_facts = 1;`,
  },
];
