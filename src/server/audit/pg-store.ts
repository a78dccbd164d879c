import type pg from 'pg';
import { guarded, inTransaction, LOCKS } from '../pg/connect.js';
import { filterSql, recordOf, type AuditRow, type AuditStore } from './store.js';

/**
 * The audit trail in PostgreSQL. Several servers append: each append holds a transaction-scoped
 * advisory lock while it reads the last record and writes the next, so the chain never forks.
 */
export function createPgAuditStore(pool: pg.Pool): AuditStore {
  return {
    append: (entry, mac) =>
      inTransaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.audit]);
        const prev = (await client.query<{ seq: number; mac: string }>('SELECT seq, mac FROM audit_log ORDER BY seq DESC LIMIT 1')).rows[0];
        const seq = Number(prev?.seq ?? 0) + 1;
        const record = { ...entry, seq, mac: mac(prev?.mac ?? '', seq) };
        await client.query(
          'INSERT INTO audit_log (seq, at, actor_id, actor_label, address, action, object, city, outcome, mac) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
          [seq, record.at, record.actorId, record.actorLabel, record.address, record.action, record.object, record.city, record.outcome, record.mac],
        );
        return record;
      }),
    page: (filter, page, pageSize) =>
      guarded(async () => {
        const { where, params } = filterSql(filter, (n) => `$${n}`);
        const total = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log ${where}`, params)).rows[0]!.n);
        const rows = (
          await pool.query<AuditRow>(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
            ...params,
            pageSize,
            (page - 1) * pageSize,
          ])
        ).rows;
        return { records: rows.map(recordOf), total };
      }),
    each: async function* (filter, chunk = 1000) {
      const { where, params } = filterSql(filter, (n) => `$${n}`);
      const n = params.length;
      // Every row, whatever its seq: the first chunk from the lowest, then the rows after the last read.
      let after: number | undefined;
      for (;;) {
        const sql =
          after === undefined
            ? `SELECT * FROM audit_log ${where} ORDER BY seq LIMIT $${n + 1}`
            : `SELECT * FROM audit_log ${where ? `${where} AND` : 'WHERE'} seq > $${n + 1} ORDER BY seq LIMIT $${n + 2}`;
        const rows = await guarded(async () => (await pool.query<AuditRow>(sql, after === undefined ? [...params, chunk] : [...params, after, chunk])).rows);
        if (rows.length === 0) return;
        after = Number(rows.at(-1)!.seq);
        yield rows.map(recordOf);
      }
    },
    head: () =>
      guarded(async () => {
        const row = (await pool.query<{ seq: string; mac: string }>('SELECT seq, mac FROM audit_log ORDER BY seq DESC LIMIT 1')).rows[0];
        return row && { seq: Number(row.seq), mac: row.mac };
      }),
    // A changed row is a new row version with its writer's transaction id (xmin); a removed or added one changes the count.
    stamp: (through) =>
      guarded(async () => {
        const row = (await pool.query<{ n: string; x: string }>('SELECT count(*) AS n, coalesce(sum(xmin::text::bigint), 0) AS x FROM audit_log WHERE seq <= $1', [through])).rows[0]!;
        return `${row.n}:${row.x}`;
      }),
    facets: (through) =>
      guarded(async () => {
        const { where, params } = filterSql({ through }, (n) => `$${n}`);
        const and = where ? `${where} AND` : 'WHERE';
        return {
          actions: (await pool.query<{ action: string }>(`SELECT DISTINCT action FROM audit_log ${where} ORDER BY action`, params)).rows.map((r) => r.action),
          actors: (await pool.query<{ id: string; label: string }>(`SELECT actor_id AS id, max(actor_label) AS label FROM audit_log ${and} actor_id <> '' GROUP BY actor_id ORDER BY label`, params)).rows,
          cities: (await pool.query<{ city: string }>(`SELECT DISTINCT city FROM audit_log ${and} city <> '' ORDER BY city`, params)).rows.map((r) => r.city),
        };
      }),
  };
}
