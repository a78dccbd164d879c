import type { Migration } from '../migrations.js';

/** Versions 1 to 4: messages and their outbox, stored cities and redeploy runs, a message's evidence and refused posts. */
export const V1_4: readonly Migration[] = [
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
];
