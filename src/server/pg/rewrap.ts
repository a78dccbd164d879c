import type pg from 'pg';
import { sealContext, SEALED_META, type RewrapStore, type SealedValue } from '../crypto/rewrap.js';
import { META } from '../crypto/server-keys.js';
import { guarded, inTransaction } from './connect.js';
import { livePresences, PRESENCE_KEY } from '../crypto/key-ring.js';

/** The sealed values of the PostgreSQL database, for `keys rotate` (crypto/rewrap.ts). */
export function pgRewrapStore(pool: pg.Pool): RewrapStore {
  const prefix = (keyId: string) => `v1.${keyId}.%`;
  return {
    notSealedBy: (keyId, limit) =>
      guarded(async () => {
        const p = prefix(keyId);
        const out: SealedValue[] = [];
        const msgs = await pool.query<{ id: number; public_id: string; sealed_key: string }>(
          'SELECT id, public_id, sealed_key FROM messages WHERE sealed_key IS NOT NULL AND sealed_key NOT LIKE $1 ORDER BY id LIMIT $2',
          [p, limit],
        );
        for (const r of msgs.rows) out.push({ table: 'messages', row: Number(r.id), context: sealContext.message(r.public_id), value: r.sealed_key });
        for (const column of ['totp_secret', 'totp_pending'] as const) {
          const rows = await pool.query<{ id: string; v: string }>(`SELECT id, ${column} AS v FROM accounts WHERE ${column} IS NOT NULL AND ${column} NOT LIKE $1`, [p]);
          for (const r of rows.rows) out.push({ table: `accounts.${column}`, row: r.id, context: sealContext.totp(r.id), value: r.v });
        }
        const meta = await pool.query<{ key: string; value: string }>('SELECT key, value FROM store_meta WHERE key = ANY($1::text[]) AND value NOT LIKE $2', [[...SEALED_META], p]);
        for (const r of meta.rows) out.push({ table: 'store_meta', row: r.key, context: sealContext.meta(r.key), value: r.value });
        return out;
      }),
    replace: (changes) =>
      inTransaction(pool, async (client) => {
        let n = 0;
        for (const { at, next } of changes) {
          const sql =
            at.table === 'messages'
              ? 'UPDATE messages SET sealed_key = $1 WHERE id = $2 AND sealed_key = $3'
              : at.table === 'store_meta'
                ? 'UPDATE store_meta SET value = $1 WHERE key = $2 AND value = $3'
                : `UPDATE accounts SET ${at.table.slice('accounts.'.length)} = $1 WHERE id = $2 AND ${at.table.slice('accounts.'.length)} = $3`;
          n += (await client.query(sql, [next, at.row, at.value])).rowCount ?? 0;
        }
        return n;
      }),
    // SHARE mode waits for the writes in flight on the sealed tables and holds new ones until the
    // change commits: each write's trigger (migration 12) then reads the new key id, and each one
    // committed before is among the values re-wrapped after.
    setKeyId: (keyId) =>
      inTransaction(pool, async (client) => {
        await client.query('LOCK TABLE messages, accounts IN SHARE MODE');
        await client.query('UPDATE store_meta SET value = $1 WHERE key = $2', [keyId, META.dataKeyId]);
      }),
    unopenable: (keyIds) =>
      guarded(async () => {
        const rows = (
          await pool.query<{ k: string; n: string }>(
            `SELECT substr(v, 4, 16) AS k, count(*) AS n FROM (
               SELECT sealed_key AS v FROM messages WHERE sealed_key IS NOT NULL
               UNION ALL SELECT totp_secret FROM accounts WHERE totp_secret IS NOT NULL
               UNION ALL SELECT totp_pending FROM accounts WHERE totp_pending IS NOT NULL
               UNION ALL SELECT value FROM store_meta WHERE key = ANY($1::text[])
             ) sealed WHERE NOT (substr(v, 4, 16) = ANY($2::text[])) GROUP BY k ORDER BY k`,
            [[...SEALED_META], [...keyIds]],
          )
        ).rows;
        return { count: rows.reduce((a, r) => a + Number(r.n), 0), keyIds: rows.map((r) => r.k) };
      }),
    announce: (p) =>
      guarded(async () => void (await pool.query('INSERT INTO store_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [`${PRESENCE_KEY}${p.id}`, JSON.stringify(p)]))),
    withdraw: (id) => guarded(async () => void (await pool.query('DELETE FROM store_meta WHERE key = $1', [`${PRESENCE_KEY}${id}`]))),
    present: (since) =>
      guarded(async () => livePresences((await pool.query<{ value: string }>('SELECT value FROM store_meta WHERE starts_with(key, $1)', [PRESENCE_KEY])).rows.map((r) => r.value), since)),
  };
}
