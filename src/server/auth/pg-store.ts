import type pg from 'pg';
import { guarded, inTransaction } from '../pg/connect.js';
import {
  accountOf,
  EmailTakenError,
  endsSessions,
  LastOwnerError,
  mayRemoveOwner,
  patchColumns,
  sessionOf,
  tokenOf,
  type AccountRow,
  type AccountStore,
  type NewAccount,
  type Role,
  type SessionRow,
  type TokenRow,
} from './store.js';
import { passwordResetOf, type PasswordResetRow } from './store.js';

const isUnique = (err: unknown) => (err as { code?: string }).code === '23505';

/** The account store in PostgreSQL (migration 3), shared by every server of a group. */
export function createPgAccountStore(pool: pg.Pool): AccountStore {
  const rows = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], on: pg.Pool | pg.PoolClient = pool) => (await on.query<R>(sql, params)).rows;
  const insert = (on: pg.Pool | pg.PoolClient, a: NewAccount) =>
    on
      .query<AccountRow>(
        'INSERT INTO accounts (id, email, name, role, cities, active, password_hash, created_at, password_change, two_step_required) VALUES ($1, $2, $3, $4, $5, true, $6, $7, $8, $9) RETURNING *',
        [a.id, a.email, a.name, a.role, a.cities === null ? null : JSON.stringify(a.cities), a.passwordHash, a.createdAt, a.passwordChange === true, a.twoStepRequired === true],
      )
      .then(
        (r) => accountOf(r.rows[0]!),
        (err: unknown) => {
          throw isUnique(err) ? new EmailTakenError() : err;
        },
      );
  const one = async (sql: string, params: unknown[], on: pg.Pool | pg.PoolClient = pool) => {
    const r = (await rows<AccountRow>(sql, params, on))[0];
    return r ? accountOf(r) : undefined;
  };

  return {
    count: () => guarded(async () => Number((await rows<{ n: string }>('SELECT count(*) AS n FROM accounts'))[0]!.n)),
    // The claim row makes the first owner one even when several servers start together: the
    // second INSERT waits for the first transaction and then conflicts.
    createFirstOwner: (a) =>
      inTransaction(pool, async (client) => {
        const claimed = await client.query("INSERT INTO store_meta (key, value) VALUES ('first_owner', $1) ON CONFLICT (key) DO NOTHING", [a.id]);
        if (claimed.rowCount !== 1) return undefined;
        if (Number((await rows<{ n: string }>('SELECT count(*) AS n FROM accounts', [], client))[0]!.n) > 0) return undefined;
        return insert(client, { ...a, role: 'owner', cities: null });
      }),
    create: (a) => guarded(() => insert(pool, a)),
    byId: (id) => guarded(() => one('SELECT * FROM accounts WHERE id = $1', [id])),
    byEmail: (email) => guarded(() => one('SELECT * FROM accounts WHERE email = $1', [email.toLowerCase()])),
    list: () => guarded(async () => (await rows<AccountRow>('SELECT * FROM accounts ORDER BY role, name, email')).map(accountOf)),
    update: (id, patch) =>
      inTransaction(pool, async (client) => {
        // Owners are locked in one order, so two demotions at once cannot both see another owner.
        await client.query("SELECT id FROM accounts WHERE role = 'owner' ORDER BY id FOR UPDATE");
        const before = await one('SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [id], client);
        if (!before) return undefined;
        if (mayRemoveOwner(before, patch)) {
          const n = Number((await rows<{ n: string }>("SELECT count(*) AS n FROM accounts WHERE role = 'owner' AND active", [], client))[0]!.n);
          if (n <= 1) throw new LastOwnerError();
        }
        const cols = patchColumns(patch);
        if (cols.length > 0) {
          try {
            await client.query(`UPDATE accounts SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')} WHERE id = $${cols.length + 1}`, [...cols.map(([, v]) => v), id]);
          } catch (err) {
            throw isUnique(err) ? new EmailTakenError() : err;
          }
        }
        if (endsSessions(patch)) await client.query('DELETE FROM sessions WHERE account_id = $1', [id]);
        return one('SELECT * FROM accounts WHERE id = $1', [id], client);
      }),
    claimTotpStep: (accountId, step) =>
      guarded(async () => (await pool.query('UPDATE accounts SET totp_last_step = $1 WHERE id = $2 AND (totp_last_step IS NULL OR totp_last_step < $1)', [step, accountId])).rowCount === 1),

    createSession: (s) =>
      guarded(async () => {
        await pool.query('INSERT INTO sessions (token_hash, account_id, stage, created_at, last_seen_at, address) VALUES ($1, $2, $3, $4, $5, $6)', [
          s.tokenHash,
          s.accountId,
          s.stage,
          s.createdAt,
          s.lastSeenAt,
          s.address,
        ]);
      }),
    session: (tokenHash) =>
      guarded(async () => {
        const r = (
          await rows<SessionRow & { a: AccountRow }>(
            'SELECT s.*, row_to_json(a) AS a FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1',
            [tokenHash],
          )
        )[0];
        return r ? { session: sessionOf(r), account: accountOf(r.a) } : undefined;
      }),
    touchSession: (tokenHash, at) => guarded(async () => void (await pool.query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2 AND last_seen_at < $1', [at, tokenHash]))),
    replaceSession: (oldHash, next) =>
      inTransaction(pool, async (client) => {
        if ((await client.query('DELETE FROM sessions WHERE token_hash = $1', [oldHash])).rowCount !== 1) return false;
        await client.query('INSERT INTO sessions (token_hash, account_id, stage, created_at, last_seen_at, address) VALUES ($1, $2, $3, $4, $5, $6)', [
          next.tokenHash,
          next.accountId,
          next.stage,
          next.createdAt,
          next.lastSeenAt,
          next.address,
        ]);
        return true;
      }),
    deleteSession: (tokenHash) => guarded(async () => void (await pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]))),
    deleteSessions: (accountId, keep) =>
      guarded(async () => (await pool.query('DELETE FROM sessions WHERE account_id = $1 AND token_hash IS DISTINCT FROM $2', [accountId, keep ?? null])).rowCount ?? 0),
    pruneSessions: (before) => guarded(async () => (await pool.query('DELETE FROM sessions WHERE last_seen_at < $1', [before])).rowCount ?? 0),

    setRecoveryCodes: (accountId, hashes) =>
      inTransaction(pool, async (client) => {
        await client.query('DELETE FROM recovery_codes WHERE account_id = $1', [accountId]);
        await client.query('INSERT INTO recovery_codes (account_id, code_hash) SELECT $1, unnest($2::text[])', [accountId, hashes]);
      }),
    useRecoveryCode: (accountId, hash, at) =>
      guarded(
        async () => (await pool.query('UPDATE recovery_codes SET used_at = $1 WHERE account_id = $2 AND code_hash = $3 AND used_at IS NULL', [at, accountId, hash])).rowCount === 1,
      ),
    recoveryCodesLeft: (accountId) =>
      guarded(async () => Number((await rows<{ n: string }>('SELECT count(*) AS n FROM recovery_codes WHERE account_id = $1 AND used_at IS NULL', [accountId]))[0]!.n)),

    createToken: (t) =>
      guarded(async () => {
        await pool.query('INSERT INTO api_tokens (id, token_hash, name, role, created_by, created_at, cities) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          t.id,
          t.tokenHash,
          t.name,
          t.role,
          t.createdBy,
          t.createdAt,
          t.cities === null ? null : JSON.stringify(t.cities),
        ]);
      }),
    tokenByHash: (hash) =>
      guarded(async () => {
        const r = (await rows<TokenRow & { creator_active: boolean; creator_role: Role }>(
          'SELECT t.*, a.active AS creator_active, a.role AS creator_role FROM api_tokens t JOIN accounts a ON a.id = t.created_by WHERE t.token_hash = $1',
          [hash],
        ))[0];
        return r ? { token: tokenOf(r), creatorActive: r.creator_active, creatorRole: r.creator_role } : undefined;
      }),
    listTokens: () => guarded(async () => (await rows<TokenRow>('SELECT * FROM api_tokens ORDER BY created_at DESC, id')).map(tokenOf)),
    revokeToken: (id, at) =>
      guarded(async () => {
        await pool.query('UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]);
        const r = (await rows<TokenRow>('SELECT * FROM api_tokens WHERE id = $1', [id]))[0];
        return r ? tokenOf(r) : undefined;
      }),
    touchToken: (id, at) => guarded(async () => void (await pool.query('UPDATE api_tokens SET last_used_at = $1 WHERE id = $2', [at, id]))),

    // Password reset links (migration 10): kept as their token's hash, removed when used.
    createPasswordReset: (r) =>
      inTransaction(pool, async (client) => {
        await client.query('DELETE FROM password_resets WHERE expires_at <= $1', [r.createdAt]);
        await client.query('INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [r.tokenHash, r.accountId, r.createdAt, r.expiresAt]);
      }),
    passwordReset: (hash, now) =>
      guarded(async () => {
        const r = (await rows<PasswordResetRow>('SELECT * FROM password_resets WHERE token_hash = $1 AND expires_at > $2', [hash, now]))[0];
        return r ? passwordResetOf(r) : undefined;
      }),
    // One statement: the row is deleted by one use only (a second waits on its lock, then finds it
    // gone), and the account's other links go with it.
    usePasswordReset: (hash, now) =>
      guarded(async () => {
        const r = await rows<{ account_id: string }>(
          `WITH used AS (DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2 RETURNING account_id),
                others AS (DELETE FROM password_resets p USING used WHERE p.account_id = used.account_id AND p.token_hash <> $1)
           SELECT account_id FROM used`,
          [hash, now],
        );
        return r[0]?.account_id;
      }),
  };
}
