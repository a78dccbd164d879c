import type { Migration } from '../migrations.js';

/**
 * Version 17 (issue 39 item 5, "say it before doing it"): a redeploy-all run names who started it
 * (the audit trail's label, and the account id, so its result is shown to that person only), and
 * each rollback of a city is kept with who made which release live and when, so the release list
 * can say it after the pin has ended. Runs started before say '' (not recorded), never a guess.
 */
export const V17: readonly Migration[] = [
  {
    version: 17,
    name: 'who started a redeploy run, who rolled a site back',
    sql: `ALTER TABLE redeploy_runs ADD COLUMN started_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE redeploy_runs ADD COLUMN started_by_id TEXT NOT NULL DEFAULT '';
      CREATE TABLE site_rollbacks (
        site TEXT NOT NULL,
        release_id TEXT NOT NULL,
        at TEXT NOT NULL,
        by_label TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX site_rollbacks_site ON site_rollbacks(site, at);`,
  },
];
