import type Database from 'better-sqlite3';

/**
 * Versioned schema migrations. The database's `PRAGMA user_version` holds the number of the last
 * migration applied; each migration runs in its own transaction together with the version bump, so
 * a crash leaves the schema at one version or the next, never in between. Append only: never edit
 * a migration that has shipped.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'messages and outbox',
    sql: `
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        public_id TEXT NOT NULL UNIQUE,
        idempotency_key TEXT UNIQUE,
        received_at TEXT NOT NULL,
        site TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT NOT NULL,
        service TEXT NOT NULL,
        message TEXT NOT NULL
      ) STRICT;
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL UNIQUE REFERENCES messages(id),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        lease_until INTEGER,
        sent_at INTEGER,
        last_error TEXT
      ) STRICT;
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;
    `,
  },
  {
    // Every message carries its city (docs/decisions/010-leads-by-city.md). The old `site` column
    // held the Origin header: it becomes `origin`, and `site` is now the city slug. Rows from before
    // keep site NULL here; createMessageStore files them under the home clinic, whose city only
    // the running server knows. body_hash tells a retry from a different message under one
    // Idempotency-Key (NULL for old rows: those keys answer as before).
    version: 2,
    name: 'messages carry their site, city and page',
    sql: `
      ALTER TABLE messages RENAME COLUMN site TO origin;
      ALTER TABLE messages ADD COLUMN site TEXT;
      ALTER TABLE messages ADD COLUMN city TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN page TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN body_hash TEXT;
      CREATE INDEX messages_site ON messages(site, id);
    `,
  },
  {
    // Stored cities with their history, and redeploy-all runs (docs/decisions/012-stored-cities.md).
    // A version's yaml is the exact file `clinic-gen build` reads; digest is the hash of the config
    // it validates to (defaults filled), so an unchanged save adds no version; business_name, city
    // and state are copies for the list, which would otherwise parse every city's YAML.
    version: 3,
    name: 'stored cities, their versions and redeploy runs',
    sql: `
      CREATE TABLE cities (
        slug TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        deleted_at TEXT
      ) STRICT;
      CREATE TABLE city_versions (
        slug TEXT NOT NULL REFERENCES cities(slug) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 1),
        yaml TEXT NOT NULL,
        digest TEXT NOT NULL,
        business_name TEXT NOT NULL,
        city TEXT NOT NULL,
        state TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (slug, version)
      ) STRICT;
      CREATE TABLE store_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
      CREATE TABLE redeploy_runs (
        id TEXT PRIMARY KEY,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        state TEXT NOT NULL CHECK (state IN ('running', 'done', 'interrupted'))
      ) STRICT;
      CREATE INDEX redeploy_runs_started ON redeploy_runs(started_at);
      CREATE TABLE redeploy_items (
        run_id TEXT NOT NULL REFERENCES redeploy_runs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        slug TEXT NOT NULL,
        city TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'deploying', 'ok', 'failed')),
        config_version INTEGER,
        release_id TEXT,
        error TEXT,
        finished_at TEXT,
        PRIMARY KEY (run_id, seq)
      ) STRICT;
    `,
  },
  {
    // The form's city decides where a message is filed (docs/decisions/010-leads-by-city.md); the
    // Origin and the Referer (origin and path, no query) are kept as evidence, with whether the
    // origin is one of that city's known addresses. Rows from before were filed by their origin:
    // registered. Refused posts are counted per day, reason and origin, never with their text.
    version: 4,
    name: 'messages keep their evidence; refused posts are counted',
    sql: `
      ALTER TABLE messages ADD COLUMN referer TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN registered INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE contact_refusals (
        day TEXT NOT NULL,
        reason TEXT NOT NULL,
        origin TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, reason, origin)
      ) STRICT;
    `,
  },
  {
    // Staff accounts, their sessions, recovery codes and API tokens, and the audit trail
    // (docs/decisions/017-staff-accounts.md). Secrets are stored hashed (passwords, session and API
    // tokens, recovery codes) or sealed by the data key (TOTP secrets). The audit trail is
    // append-only: triggers refuse to change or remove a record, and each record's MAC covers
    // the one before, so a record changed behind the triggers' back is found by audit verify.
    version: 5,
    name: 'staff accounts, sessions, tokens and the audit trail',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'frontdesk')),
        cities TEXT,
        active INTEGER NOT NULL DEFAULT 1,
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_pending TEXT,
        totp_last_step INTEGER,
        created_at TEXT NOT NULL,
        last_sign_in_at TEXT
      ) STRICT;
      CREATE TABLE recovery_codes (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at TEXT,
        PRIMARY KEY (account_id, code_hash)
      ) STRICT;
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN ('totp', 'enrol', 'full')),
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        address TEXT NOT NULL
      ) STRICT;
      CREATE INDEX sessions_account ON sessions(account_id);
      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'frontdesk')),
        created_by TEXT NOT NULL REFERENCES accounts(id),
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      ) STRICT;
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        actor_label TEXT NOT NULL,
        address TEXT NOT NULL,
        action TEXT NOT NULL,
        object TEXT NOT NULL,
        city TEXT NOT NULL,
        outcome INTEGER NOT NULL,
        mac TEXT NOT NULL
      ) STRICT;
      CREATE INDEX audit_at ON audit_log(at);
      CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
      CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
    `,
  },
  {
    // Patients' words encrypted at rest (issue 22, leads/sealing.ts): what a patient typed is
    // sealed in `sealed` under a key of the message's own (`sealed_key`, wrapped by the data key);
    // the plain columns are left empty. Exact lookup by email, phone or name goes through keyed
    // hashes. Rows from before are sealed in place on the first start (leads/seal-stored.ts).
    version: 6,
    name: 'messages sealed at rest, with keyed lookup hashes',
    sql: `
      ALTER TABLE messages ADD COLUMN sealed TEXT;
      ALTER TABLE messages ADD COLUMN sealed_key TEXT;
      ALTER TABLE messages ADD COLUMN email_index TEXT;
      ALTER TABLE messages ADD COLUMN phone_index TEXT;
      ALTER TABLE messages ADD COLUMN name_index TEXT;
      CREATE INDEX messages_email_index ON messages(email_index);
      CREATE INDEX messages_phone_index ON messages(phone_index);
      CREATE INDEX messages_name_index ON messages(name_index);
    `,
  },
  {
    // The front desk's inbox (issue 22, leads/inbox.ts): where each message is in the clinic's
    // work, who has it, and the staff's notes, sealed under the message's own key. Settings of
    // the inbox (retention) and the day the purge last ran live in inbox_settings.
    version: 7,
    name: 'the inbox: statuses, assignees, notes, retention',
    sql: `
      ALTER TABLE messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'closed'));
      ALTER TABLE messages ADD COLUMN close_reason TEXT;
      ALTER TABLE messages ADD COLUMN assignee_id TEXT;
      ALTER TABLE messages ADD COLUMN status_at TEXT;
      CREATE INDEX messages_site_status ON messages(site, status);
      CREATE INDEX messages_received_at ON messages(received_at);
      CREATE TABLE message_notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        public_id TEXT NOT NULL UNIQUE,
        message_id INTEGER NOT NULL REFERENCES messages(id),
        at TEXT NOT NULL,
        author_id TEXT NOT NULL,
        author_label TEXT NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
      CREATE INDEX message_notes_message ON message_notes(message_id, id);
      CREATE TABLE inbox_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    // The lookup hashes indexed by block of 256 messages first (leads/inbox-sqlite.ts, lookupIds):
    // a keyed hash is random, so each of a batch's messages landed on its own page of each of the
    // three indexes (about 60 pages written to the WAL per batch of 20, and again at the
    // checkpoint; a sealed post cost 2.6 times a plain one in the store). By block, a batch's
    // entries share the newest block's few pages; a search probes each block once (391 probes for
    // 100,000 messages: 1.5 ms in `npm run bench -- inbox`).
    version: 8,
    name: 'lookup hashes indexed by block of messages',
    sql: `
      DROP INDEX messages_email_index;
      DROP INDEX messages_phone_index;
      DROP INDEX messages_name_index;
      CREATE INDEX messages_email_lookup ON messages(id >> 8, email_index);
      CREATE INDEX messages_phone_lookup ON messages(id >> 8, phone_index);
      CREATE INDEX messages_name_lookup ON messages(id >> 8, name_index);
    `,
  },
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
