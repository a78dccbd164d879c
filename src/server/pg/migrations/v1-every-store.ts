import type { PgMigration } from '../schema.js';

/** Version 1: every store of the clinic server as it was when PostgreSQL came (SQLite's versions 1 to 4 and the stores a single server keeps on disk). */
export const V1: readonly PgMigration[] = [
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
];
