import type Database from 'better-sqlite3';
import {
  accountOf,
  EmailTakenError,
  endsSessions,
  LastOwnerError,
  mayRemoveOwner,
  patchColumns,
  sessionOf,
  tokenOf,
  type Account,
  type AccountRow,
  type AccountStore,
  type NewAccount,
  type Role,
  type SessionRow,
  type TokenRow,
} from './store.js';
import { passwordResetOf, type PasswordResetRow } from './store.js';

const isUnique = (err: unknown) => (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

/** The account store in the data folder's SQLite database (migration 5). */
export function createSqliteAccountStore(db: Database.Database): AccountStore {
  const byIdStmt = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?');
  const byEmailStmt = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?');
  const insert = db.prepare(
    'INSERT INTO accounts (id, email, name, role, cities, active, password_hash, created_at, password_change, two_step_required) VALUES (@id, @email, @name, @role, @cities, 1, @passwordHash, @createdAt, @passwordChange, @twoStepRequired)',
  );
  const countStmt = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM accounts');
  const owners = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM accounts WHERE role = 'owner' AND active = 1");
  const row = (a: NewAccount) => ({ ...a, cities: a.cities === null ? null : JSON.stringify(a.cities), passwordChange: a.passwordChange ? 1 : 0, twoStepRequired: a.twoStepRequired ? 1 : 0 });
  const get = (id: string): Account | undefined => {
    const r = byIdStmt.get(id);
    return r ? accountOf(r) : undefined;
  };
  const create = (a: NewAccount): Account => {
    try {
      insert.run(row(a));
    } catch (err) {
      if (isUnique(err)) throw new EmailTakenError();
      throw err;
    }
    return get(a.id)!;
  };
  const sessionStmt = db.prepare<[string], SessionRow & { a_id: string }>('SELECT s.*, s.account_id AS a_id FROM sessions s WHERE token_hash = ?');
  const insertSession = db.prepare(
    'INSERT INTO sessions (token_hash, account_id, stage, created_at, last_seen_at, address) VALUES (@tokenHash, @accountId, @stage, @createdAt, @lastSeenAt, @address)',
  );
  const deleteSessionStmt = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const deleteAccountSessions = db.prepare('DELETE FROM sessions WHERE account_id = ? AND token_hash IS NOT ?');
  const tokenStmt = db.prepare<[string], TokenRow & { creator_active: number; creator_role: Role }>(
    'SELECT t.*, a.active AS creator_active, a.role AS creator_role FROM api_tokens t JOIN accounts a ON a.id = t.created_by WHERE t.token_hash = ?',
  );

  return {
    count: async () => countStmt.get()!.n,
    createFirstOwner: async (a) =>
      db
        .transaction(() => {
          if (countStmt.get()!.n > 0) return undefined;
          return create({ ...a, role: 'owner', cities: null });
        })
        .immediate(),
    create: async (a) => create(a),
    byId: async (id) => get(id),
    byEmail: async (email) => {
      const r = byEmailStmt.get(email.toLowerCase());
      return r ? accountOf(r) : undefined;
    },
    list: async () => db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY role, name, email').all().map(accountOf),
    update: async (id, patch) =>
      db
        .transaction(() => {
          const before = get(id);
          if (!before) return undefined;
          if (mayRemoveOwner(before, patch) && owners.get()!.n <= 1) throw new LastOwnerError();
          const cols = patchColumns(patch);
          if (cols.length > 0) {
            try {
              db.prepare(`UPDATE accounts SET ${cols.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`).run(
                ...cols.map(([, v]) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)),
                id,
              );
            } catch (err) {
              if (isUnique(err)) throw new EmailTakenError();
              throw err;
            }
          }
          if (endsSessions(patch)) deleteAccountSessions.run(id, null);
          return get(id);
        })
        .immediate(),
    claimTotpStep: async (accountId, step) =>
      db.prepare('UPDATE accounts SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)').run(step, accountId, step).changes === 1,

    createSession: async (s) => void insertSession.run(s),
    session: async (tokenHash) => {
      const s = sessionStmt.get(tokenHash);
      if (!s) return undefined;
      const account = get(s.account_id);
      return account ? { session: sessionOf(s), account } : undefined;
    },
    touchSession: async (tokenHash, at) => void db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?').run(at, tokenHash, at),
    replaceSession: async (oldHash, next) =>
      db
        .transaction(() => {
          if (deleteSessionStmt.run(oldHash).changes === 0) return false;
          insertSession.run(next);
          return true;
        })
        .immediate(),
    deleteSession: async (tokenHash) => void deleteSessionStmt.run(tokenHash),
    deleteSessions: async (accountId, keep) => deleteAccountSessions.run(accountId, keep ?? null).changes,
    pruneSessions: async (before) => db.prepare('DELETE FROM sessions WHERE last_seen_at < ?').run(before).changes,

    setRecoveryCodes: async (accountId, hashes) =>
      db
        .transaction(() => {
          db.prepare('DELETE FROM recovery_codes WHERE account_id = ?').run(accountId);
          const add = db.prepare('INSERT INTO recovery_codes (account_id, code_hash) VALUES (?, ?)');
          for (const h of hashes) add.run(accountId, h);
        })
        .immediate(),
    useRecoveryCode: async (accountId, hash, at) =>
      db.prepare('UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL').run(at, accountId, hash).changes === 1,
    recoveryCodesLeft: async (accountId) =>
      db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM recovery_codes WHERE account_id = ? AND used_at IS NULL').get(accountId)!.n,

    createToken: async (t) =>
      void db
        .prepare('INSERT INTO api_tokens (id, token_hash, name, role, created_by, created_at, cities) VALUES (@id, @tokenHash, @name, @role, @createdBy, @createdAt, @cities)')
        .run({ id: t.id, tokenHash: t.tokenHash, name: t.name, role: t.role, createdBy: t.createdBy, createdAt: t.createdAt, cities: t.cities === null ? null : JSON.stringify(t.cities) }),
    tokenByHash: async (hash) => {
      const r = tokenStmt.get(hash);
      return r ? { token: tokenOf(r), creatorActive: r.creator_active === 1, creatorRole: r.creator_role } : undefined;
    },
    listTokens: async () => db.prepare<[], TokenRow>('SELECT * FROM api_tokens ORDER BY created_at DESC, id').all().map(tokenOf),
    revokeToken: async (id, at) => {
      db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
      const r = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE id = ?').get(id);
      return r ? tokenOf(r) : undefined;
    },
    touchToken: async (id, at) => void db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(at, id),

    // Password reset links (migration 13): kept as their token's hash, removed when used.
    createPasswordReset: async (r) =>
      db
        .transaction(() => {
          db.prepare('DELETE FROM password_resets WHERE expires_at <= ?').run(r.createdAt);
          db.prepare('INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(r.tokenHash, r.accountId, r.createdAt, r.expiresAt);
        })
        .immediate(),
    passwordReset: async (hash, now) => {
      const r = db.prepare<[string, number], PasswordResetRow>('SELECT * FROM password_resets WHERE token_hash = ? AND expires_at > ?').get(hash, now);
      return r ? passwordResetOf(r) : undefined;
    },
    usePasswordReset: async (hash, now) =>
      db
        .transaction(() => {
          const r = db.prepare<[string, number], PasswordResetRow>('SELECT * FROM password_resets WHERE token_hash = ? AND expires_at > ?').get(hash, now);
          if (!r) return undefined;
          db.prepare('DELETE FROM password_resets WHERE account_id = ?').run(r.account_id);
          return r.account_id;
        })
        .immediate(),
  };
}
