import type { PgMigration } from '../schema.js';

/** Versions 6 to 10 (SQLite's 9 to 13): pinned cities, brand settings, one-time passwords and limited tokens, search tokens, password reset links. */
export const V6_10: readonly PgMigration[] = [
  {
    // As SQLite's migration 9 (issue 23): a city pinned to the release a rollback made live, and
    // the cities a redeploy run skipped (a JSON list).
    version: 6,
    name: 'cities pinned to a release, and the cities a redeploy run skipped',
    sql: `
      ALTER TABLE cities ADD COLUMN pinned_release TEXT;
      ALTER TABLE cities ADD COLUMN pinned_at TEXT;
      ALTER TABLE redeploy_runs ADD COLUMN skipped TEXT;
    `,
  },
  {
    // As SQLite's migration 10: the brand settings, one row shared by every server (read on each
    // GET, so no change notification is needed).
    version: 7,
    name: 'brand settings',
    sql: `
      CREATE TABLE brand (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        yaml TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    // As SQLite's migration 11 (issue 37): one-time passwords, two-step sign-in asked of chosen
    // editors, API tokens limited to cities.
    version: 8,
    name: 'one-time passwords, two-step sign-in asked of chosen editors, API tokens limited to cities',
    sql: `
      ALTER TABLE accounts ADD COLUMN password_change BOOLEAN NOT NULL DEFAULT false;
      ALTER TABLE accounts ADD COLUMN two_step_required BOOLEAN NOT NULL DEFAULT false;
      ALTER TABLE api_tokens ADD COLUMN cities TEXT;
    `,
  },
  {
    // As SQLite's migration 12 (issue 37 item 6): keyed search tokens, one row each, and which
    // messages still wait for theirs. A plain index on the token (PostgreSQL keeps plain indexes,
    // decision 018); message_id indexed for the cascade of a deletion.
    version: 9,
    name: 'search tokens of names, email and phone digits',
    sql: `
      CREATE TABLE message_search (
        token TEXT NOT NULL,
        message_id BIGINT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        PRIMARY KEY (token, message_id)
      );
      CREATE INDEX message_search_message ON message_search (message_id);
      ALTER TABLE messages ADD COLUMN search_indexed SMALLINT;
      CREATE INDEX messages_search_pending ON messages (id) WHERE search_indexed IS NULL;
    `,
  },
  {
    // As SQLite's migration 13 (issue 37 item 9): password reset links, kept as their token's hash.
    version: 10,
    name: 'password reset links',
    sql: `
      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX password_resets_account ON password_resets (account_id);
    `,
  },
];
