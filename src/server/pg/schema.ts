/**
 * The PostgreSQL schema, as versioned migrations (docs/decisions/015-postgresql.md). migratePg (connect.ts)
 * applies them at start under an advisory lock, each in its own transaction with its row in
 * `schema_migrations`, so three servers starting at once migrate once and a failed migration
 * changes nothing. Append only: never edit a migration that has shipped.
 *
 * The same data as the SQLite file (sqlite/migrations.ts) plus what a single server keeps on disk
 * or in memory: deployments (content-addressed file blobs, releases, the live pointer), uploads,
 * previews and rate-limit counts.
 */
export const PG_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'every store of the clinic server',
    sql: `
      CREATE TABLE messages (
        id BIGSERIAL PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        idempotency_key TEXT UNIQUE,
        body_hash TEXT,
        received_at TEXT NOT NULL,
        site TEXT NOT NULL,
        city TEXT NOT NULL DEFAULT '',
        page TEXT NOT NULL DEFAULT '',
        origin TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT NOT NULL,
        service TEXT NOT NULL,
        message TEXT NOT NULL
      );
      CREATE INDEX messages_site ON messages (site, id);
      CREATE INDEX messages_received ON messages (received_at);

      -- Times in epoch milliseconds, as the mail worker counts them.
      CREATE TABLE outbox (
        id BIGSERIAL PRIMARY KEY,
        message_id BIGINT NOT NULL UNIQUE REFERENCES messages (id),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT,
        lease_until BIGINT,
        sent_at BIGINT,
        last_error TEXT
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND next_attempt_at IS NOT NULL;

      CREATE TABLE cities (
        slug TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE TABLE city_versions (
        slug TEXT NOT NULL REFERENCES cities (slug) ON DELETE CASCADE,
        version INTEGER NOT NULL CHECK (version >= 1),
        yaml TEXT NOT NULL,
        digest TEXT NOT NULL,
        business_name TEXT NOT NULL,
        city TEXT NOT NULL,
        state TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (slug, version)
      );
      CREATE TABLE store_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      -- owner: the server process running it (its instance id); a server holds a session advisory
      -- lock on that id while it lives, so a run whose owner's lock is free was left by a dead one.
      CREATE TABLE redeploy_runs (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        state TEXT NOT NULL CHECK (state IN ('running', 'done', 'interrupted'))
      );
      CREATE INDEX redeploy_runs_started ON redeploy_runs (started_at);
      CREATE UNIQUE INDEX redeploy_one_running ON redeploy_runs ((true)) WHERE state = 'running';
      CREATE TABLE redeploy_items (
        run_id TEXT NOT NULL REFERENCES redeploy_runs (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        slug TEXT NOT NULL,
        city TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'deploying', 'ok', 'failed')),
        config_version INTEGER,
        release_id TEXT,
        error TEXT,
        finished_at TEXT,
        PRIMARY KEY (run_id, seq)
      );

      -- Deployed sites. A file's bytes are stored once by their SHA-256 (a redeploy that changes one
      -- page adds one blob); a release names its files; live_sites is the live pointer, one row a
      -- site, and its unique domain index keeps one live site per domain across every server.
      CREATE TABLE blobs (
        hash TEXT PRIMARY KEY,
        bytes BYTEA NOT NULL
      );
      CREATE TABLE releases (
        site TEXT NOT NULL,
        id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        meta JSONB NOT NULL,
        PRIMARY KEY (site, id)
      );
      CREATE TABLE release_files (
        site TEXT NOT NULL,
        release_id TEXT NOT NULL,
        name TEXT NOT NULL,
        hash TEXT NOT NULL REFERENCES blobs (hash),
        PRIMARY KEY (site, release_id, name),
        FOREIGN KEY (site, release_id) REFERENCES releases (site, id) ON DELETE CASCADE
      );
      CREATE INDEX release_files_hash ON release_files (hash);
      CREATE TABLE live_sites (
        site TEXT PRIMARY KEY,
        release_id TEXT NOT NULL,
        domain TEXT,
        FOREIGN KEY (site, release_id) REFERENCES releases (site, id)
      );
      CREATE UNIQUE INDEX live_sites_domain ON live_sites (lower(domain)) WHERE domain IS NOT NULL;

      CREATE TABLE uploads (
        name TEXT PRIMARY KEY,
        bytes BYTEA NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      );

      -- Times in epoch milliseconds.
      CREATE TABLE previews (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        total_bytes BIGINT NOT NULL
      );
      CREATE TABLE preview_files (
        preview_id TEXT NOT NULL REFERENCES previews (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (preview_id, name)
      );

      -- Sliding-window logs of hit times (epoch ms) per scope and key. UNLOGGED: a crash of the
      -- database forgets who posted in the last minute, which costs nothing worth a WAL write.
      CREATE UNLOGGED TABLE rate_hits (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        hits BIGINT[] NOT NULL,
        last_hit BIGINT NOT NULL,
        -- Refusals since the last hit taken: what tells the one statement of a hit (RETURNING sees
        -- only the new row) whether it took a place, even when another took one in the same ms.
        refused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX rate_hits_last ON rate_hits (last_hit);
    `,
  },
  {
    // As SQLite's migration 4: a message's evidence (Referer, whether its origin is one of its
    // city's known addresses), and refused posts counted per day, reason and origin.
    version: 2,
    name: 'messages keep their evidence; refused posts are counted',
    sql: `
      ALTER TABLE messages ADD COLUMN referer TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN registered BOOLEAN NOT NULL DEFAULT true;
      CREATE TABLE contact_refusals (
        day TEXT NOT NULL,
        reason TEXT NOT NULL,
        origin TEXT NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (day, reason, origin)
      );
    `,
  },
  {
    // As SQLite's migration 5 (docs/decisions/017-staff-accounts.md): accounts, sessions, recovery
    // codes, API tokens and the append-only audit trail.
    version: 3,
    name: 'staff accounts, sessions, tokens and the audit trail',
    sql: `
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'frontdesk')),
        cities TEXT,
        active BOOLEAN NOT NULL DEFAULT true,
        password_hash TEXT NOT NULL,
        totp_secret TEXT,
        totp_pending TEXT,
        totp_last_step BIGINT,
        created_at TEXT NOT NULL,
        last_sign_in_at TEXT
      );
      CREATE TABLE recovery_codes (
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at TEXT,
        PRIMARY KEY (account_id, code_hash)
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN ('totp', 'enrol', 'full')),
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        address TEXT NOT NULL
      );
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
      );
      CREATE TABLE audit_log (
        seq BIGINT PRIMARY KEY,
        at TEXT NOT NULL,
        actor_id TEXT NOT NULL,
        actor_label TEXT NOT NULL,
        address TEXT NOT NULL,
        action TEXT NOT NULL,
        object TEXT NOT NULL,
        city TEXT NOT NULL,
        outcome INTEGER NOT NULL,
        mac TEXT NOT NULL
      );
      CREATE INDEX audit_at ON audit_log(at);
      CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the audit trail is append-only'; END $$;
      CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only();
    `,
  },
  {
    // As SQLite's migration 6: patients' words sealed at rest, keyed lookup hashes.
    version: 4,
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
    // As SQLite's migration 7 (docs/decisions/018-inbox.md): where each message is in the clinic's
    // work, who has it, the notes of the calls (sealed), and the retention setting. Times are ISO
    // text as received_at is; the purge compares and orders them in byte order (COLLATE "C", as
    // SQLite does), hence the index on received_at under that collation (messages_received, from
    // version 1, has the database's).
    version: 5,
    name: 'the inbox: statuses, assignees, notes, retention',
    sql: `
      ALTER TABLE messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'booked', 'closed'));
      ALTER TABLE messages ADD COLUMN close_reason TEXT;
      ALTER TABLE messages ADD COLUMN assignee_id TEXT;
      ALTER TABLE messages ADD COLUMN status_at TEXT;
      CREATE INDEX messages_site_status ON messages (site, status);
      CREATE INDEX messages_received_at ON messages (received_at COLLATE "C", id);
      CREATE TABLE message_notes (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        public_id TEXT NOT NULL UNIQUE,
        message_id BIGINT NOT NULL REFERENCES messages (id),
        at TEXT NOT NULL,
        author_id TEXT NOT NULL,
        author_label TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX message_notes_message ON message_notes (message_id, id);
      CREATE TABLE inbox_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
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
