import type { Migration } from '../migrations.js';

/** Versions 5 to 8: staff accounts and the audit trail, messages sealed at rest, the inbox, lookup hashes by block. */
export const V5_8: readonly Migration[] = [
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
];
