import type Database from 'better-sqlite3';
import { filterSql, recordOf, type AuditRow, type AuditStore } from './store.js';

/** The audit trail in the data folder's SQLite database: one writer, so appends are one transaction each. */
export function createSqliteAuditStore(db: Database.Database): AuditStore {
  const last = db.prepare<[], { seq: number; mac: string }>('SELECT seq, mac FROM audit_log ORDER BY seq DESC LIMIT 1');
  const countThrough = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM audit_log WHERE seq <= ?');
  const insert = db.prepare(
    'INSERT INTO audit_log (seq, at, actor_id, actor_label, address, action, object, city, outcome, mac) VALUES (@seq, @at, @actorId, @actorLabel, @address, @action, @object, @city, @outcome, @mac)',
  );
  return {
    append: async (entry, mac) =>
      db
        .transaction(() => {
          const prev = last.get();
          const seq = (prev?.seq ?? 0) + 1;
          const record = { ...entry, seq, mac: mac(prev?.mac ?? '', seq) };
          insert.run(record);
          return record;
        })
        .immediate(),
    page: async (filter, page, pageSize) => {
      const { where, params } = filterSql(filter, () => '?');
      const total = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM audit_log ${where}`).get(...params)!.n;
      const rows = db.prepare<unknown[], AuditRow>(`SELECT * FROM audit_log ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`).all(...params, pageSize, (page - 1) * pageSize);
      return { records: rows.map(recordOf), total };
    },
    each: async function* (filter, chunk = 1000) {
      const { where, params } = filterSql(filter, () => '?');
      // Every row, whatever its seq (rowid): the first chunk from the lowest, then the rows after the last read.
      const first = db.prepare<unknown[], AuditRow>(`SELECT * FROM audit_log ${where} ORDER BY seq LIMIT ?`);
      const next = db.prepare<unknown[], AuditRow>(`SELECT * FROM audit_log ${where ? `${where} AND` : 'WHERE'} seq > ? ORDER BY seq LIMIT ?`);
      let after: number | undefined;
      for (;;) {
        const rows = after === undefined ? first.all(...params, chunk) : next.all(...params, after, chunk);
        if (rows.length === 0) return;
        after = rows.at(-1)!.seq;
        yield rows.map(recordOf);
        // Other requests get a turn between chunks.
        await new Promise((r) => setImmediate(r));
      }
    },
    head: async () => last.get(),
    // Another connection's commit (a shell, sqlite3, a restore) changes data_version; this server only appends.
    stamp: async (through) => `${db.pragma('data_version', { simple: true }) as number}:${countThrough.get(through)!.n}`,
    facets: async (through) => {
      const { where, params } = filterSql({ through }, () => '?');
      const and = where ? `${where} AND` : 'WHERE';
      return {
        actions: db.prepare<unknown[], { action: string }>(`SELECT DISTINCT action FROM audit_log ${where} ORDER BY action`).all(...params).map((r) => r.action),
        actors: db
          .prepare<unknown[], { id: string; label: string }>(`SELECT actor_id AS id, max(actor_label) AS label FROM audit_log ${and} actor_id <> '' GROUP BY actor_id ORDER BY label`)
          .all(...params),
        cities: db.prepare<unknown[], { city: string }>(`SELECT DISTINCT city FROM audit_log ${and} city <> '' ORDER BY city`).all(...params).map((r) => r.city),
      };
    },
  };
}
