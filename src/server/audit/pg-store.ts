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
      let after = 0;
      for (;;) {
        const rows = await guarded(
          async () =>
            (
              await pool.query<AuditRow>(
                `SELECT * FROM audit_log ${where ? `${where} AND` : 'WHERE'} seq > $${params.length + 1} ORDER BY seq LIMIT $${params.length + 2}`,
                [...params, after, chunk],
              )
            ).rows,
        );
        if (rows.length === 0) return;
        after = Number(rows.at(-1)!.seq);
        yield rows.map(recordOf);
      }
    },
    facets: () =>
      guarded(async () => ({
        actions: (await pool.query<{ action: string }>('SELECT DISTINCT action FROM audit_log ORDER BY action')).rows.map((r) => r.action),
        actors: (
          await pool.query<{ id: string; label: string }>("SELECT actor_id AS id, max(actor_label) AS label FROM audit_log WHERE actor_id <> '' GROUP BY actor_id ORDER BY label")
        ).rows,
        cities: (await pool.query<{ city: string }>("SELECT DISTINCT city FROM audit_log WHERE city <> '' ORDER BY city")).rows.map((r) => r.city),
      })),
  };
}
