import type Database from 'better-sqlite3';
import { sealContext, SEALED_META, type RewrapStore, type SealedValue } from '../crypto/rewrap.js';
import { META } from '../crypto/server-keys.js';
import { livePresences, PRESENCE_KEY } from '../crypto/key-ring.js';

/** The sealed values of the SQLite database, for `keys rotate` (crypto/rewrap.ts). */
export function sqliteRewrapStore(db: Database.Database): RewrapStore {
  const prefix = (keyId: string) => `v1.${keyId}.%`;
  return {
    async notSealedBy(keyId, limit) {
      const p = prefix(keyId);
      const out: SealedValue[] = [];
      for (const r of db.prepare<[string, number], { id: number; public_id: string; sealed_key: string }>(
        'SELECT id, public_id, sealed_key FROM messages WHERE sealed_key IS NOT NULL AND sealed_key NOT LIKE ? ORDER BY id LIMIT ?',
      ).all(p, limit)) {
        out.push({ table: 'messages', row: r.id, context: sealContext.message(r.public_id), value: r.sealed_key });
      }
      for (const column of ['totp_secret', 'totp_pending'] as const) {
        for (const r of db.prepare<[string], { id: string; v: string }>(`SELECT id, ${column} AS v FROM accounts WHERE ${column} IS NOT NULL AND ${column} NOT LIKE ?`).all(p)) {
          out.push({ table: `accounts.${column}`, row: r.id, context: sealContext.totp(r.id), value: r.v });
        }
      }
      for (const key of SEALED_META) {
        const r = db.prepare<[string, string], { value: string }>('SELECT value FROM store_meta WHERE key = ? AND value NOT LIKE ?').get(key, p);
        if (r) out.push({ table: 'store_meta', row: key, context: sealContext.meta(key), value: r.value });
      }
      return out;
    },
    async replace(changes) {
      const run = db.transaction(() => {
        let n = 0;
        for (const { at, next } of changes) {
          const sql =
            at.table === 'messages'
              ? 'UPDATE messages SET sealed_key = ? WHERE id = ? AND sealed_key = ?'
              : at.table === 'store_meta'
                ? 'UPDATE store_meta SET value = ? WHERE key = ? AND value = ?'
                : `UPDATE accounts SET ${at.table.slice('accounts.'.length)} = ? WHERE id = ? AND ${at.table.slice('accounts.'.length)} = ?`;
          n += db.prepare(sql).run(next, at.row, at.value).changes;
        }
        return n;
      });
      return run.immediate();
    },
    async setKeyId(keyId) {
      db.prepare('UPDATE store_meta SET value = ? WHERE key = ?').run(keyId, META.dataKeyId);
    },
    async unopenable(keyIds) {
      const rows = db
        .prepare<[string, string], { k: string; n: number }>(
          `SELECT substr(v, 4, 16) AS k, count(*) AS n FROM (${SEALED_UNION}) WHERE substr(v, 4, 16) NOT IN (SELECT value FROM json_each(?)) GROUP BY k ORDER BY k`,
        )
        .all(JSON.stringify([...SEALED_META]), JSON.stringify(keyIds));
      return { count: rows.reduce((a, r) => a + r.n, 0), keyIds: rows.map((r) => r.k) };
    },
    async announce(p) {
      db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(`${PRESENCE_KEY}${p.id}`, JSON.stringify(p));
    },
    async withdraw(id) {
      db.prepare('DELETE FROM store_meta WHERE key = ?').run(`${PRESENCE_KEY}${id}`);
    },
    async present(since) {
      const rows = db.prepare<[string], { value: string }>("SELECT value FROM store_meta WHERE key LIKE ? || '%'").all(PRESENCE_KEY);
      return livePresences(rows.map((r) => r.value), since);
    },
  };
}

/** Every value sealed by the data key, as one column `v` (bind the sealed store_meta keys as a JSON list). */
const SEALED_UNION = `SELECT sealed_key AS v FROM messages WHERE sealed_key IS NOT NULL
  UNION ALL SELECT totp_secret FROM accounts WHERE totp_secret IS NOT NULL
  UNION ALL SELECT totp_pending FROM accounts WHERE totp_pending IS NOT NULL
  UNION ALL SELECT value FROM store_meta WHERE key IN (SELECT value FROM json_each(?))`;

