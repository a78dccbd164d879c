import type { Migration } from '../migrations.js';

/** Versions 9 to 13: pinned cities, brand settings, one-time passwords and limited tokens, search tokens, password reset links. */
export const V9_13: readonly Migration[] = [
  {
    // Redeploy-all leaves a rolled-back city alone (issue 23): a rollback pins the city to the
    // release it made live, until the operator unpins it or deploys the city again. A run records
    // the cities it skipped and why (a JSON list), so its panel says so after a reload too.
    version: 9,
    name: 'cities pinned to a release, and the cities a redeploy run skipped',
    sql: `
      ALTER TABLE cities ADD COLUMN pinned_release TEXT;
      ALTER TABLE cities ADD COLUMN pinned_at TEXT;
      ALTER TABLE redeploy_runs ADD COLUMN skipped TEXT;
    `,
  },
  {
    // Brand settings in the store (issue 23, brand/store.ts): one row holding the brand's YAML text
    // (as `<data>/brand.yaml` holds it, which a save still writes) and when it was saved. A
    // brand.yaml left by the release before is imported on first start (importBrandFile).
    version: 10,
    name: 'brand settings',
    sql: `
      CREATE TABLE brand (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        yaml TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    // Least privilege for patients' messages (issue 37, NOTES.md decision 17): a password an owner
    // set is changed at the next sign-in (`password_change`); an editor the owner chose must use
    // two-step sign-in (`two_step_required`; owners and front desks always do); an API token reads
    // the messages of its cities only (`cities`, a JSON list; null: every city, as before).
    version: 11,
    name: 'one-time passwords, two-step sign-in asked of chosen editors, API tokens limited to cities',
    sql: `
      ALTER TABLE accounts ADD COLUMN password_change INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE accounts ADD COLUMN two_step_required INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE api_tokens ADD COLUMN cities TEXT;
    `,
  },
  {
    // Search by a part of what the desk is told (issue 37 item 6, leads/search.ts): keyed tokens
    // (HMAC under the search key, as the lookup hashes) of each word of a message's names, of its
    // email and of every 4 digits in a row of its phone, one row each, never clear text. Led by
    // the block of 256 messages (id >> 8), as migration 8 does, so a batch's rows share the newest
    // block's pages; a search probes each block. No REFERENCES: a foreign key would make SQLite
    // scan this table for each message deleted; the inbox deletes a message's rows itself.
    // `search_indexed` is NULL until a message's tokens are stored (1; 0: it did not open to be
    // indexed): the messages stored before are indexed at start (MessageStore.indexStored).
    version: 12,
    name: 'search tokens of names, email and phone digits',
    sql: `
      CREATE TABLE message_search (
        block INTEGER NOT NULL,
        token TEXT NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (block, token, message_id)
      ) STRICT, WITHOUT ROWID;
      ALTER TABLE messages ADD COLUMN search_indexed INTEGER;
      CREATE INDEX messages_search_pending ON messages(id) WHERE search_indexed IS NULL;
    `,
  },
  {
    // Forgot password (issue 37 item 9, auth/reset-routes.ts): a link sent by email works once, for
    // 30 minutes. Only its token's SHA-256 is kept (as sessions' and API tokens'), with the
    // account and when it expires (ms); a used link's row is deleted with its account's others.
    version: 13,
    name: 'password reset links',
    sql: `
      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX password_resets_account ON password_resets(account_id);
    `,
  },
];
