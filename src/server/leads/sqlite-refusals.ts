import type Database from 'better-sqlite3';
import type { RefusalCount, RefusalStore } from './refusals.js';

/** Refusal counts in the data folder's SQLite file: one transaction a flush. */
export function createSqliteRefusalStore(db: Database.Database): RefusalStore {
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO contact_refusals (day, reason, origin, count) VALUES (?, ?, ?, ?)
     ON CONFLICT (day, reason, origin) DO UPDATE SET count = count + excluded.count`,
  );
  const since = db.prepare<[string], RefusalCount>('SELECT day, reason, origin, count FROM contact_refusals WHERE day >= ? ORDER BY count DESC, day, reason, origin');
  const addAll = db.transaction((rows: readonly RefusalCount[]) => {
    for (const r of rows) upsert.run(r.day, r.reason, r.origin, r.count);
  });
  return {
    add: async (rows) => void addAll.immediate(rows),
    since: async (day) => since.all(day),
  };
}
