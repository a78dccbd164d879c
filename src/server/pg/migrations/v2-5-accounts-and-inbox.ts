import type { PgMigration } from '../schema.js';

/** Versions 2 to 5 (SQLite's 4 to 8): a message's evidence and refused posts, staff accounts and the audit trail, messages sealed at rest, the inbox. */
export const V2_5: readonly PgMigration[] = [
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
];
