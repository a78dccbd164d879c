import type { PgMigration } from '../schema.js';

/** Version 14 (SQLite's 17, issue 39 item 5): who started a redeploy-all run ('' before), and each rollback of a site with who made which release live and when. */
export const V14: readonly PgMigration[] = [
  {
    version: 14,
    name: 'who started a redeploy run, who rolled a site back',
    sql: `ALTER TABLE redeploy_runs ADD COLUMN started_by TEXT NOT NULL DEFAULT '';
      ALTER TABLE redeploy_runs ADD COLUMN started_by_id TEXT NOT NULL DEFAULT '';
      CREATE TABLE site_rollbacks (
        site TEXT NOT NULL,
        release_id TEXT NOT NULL,
        at TEXT NOT NULL,
        by_label TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX site_rollbacks_site ON site_rollbacks (site, at);`,
  },
];
