import type pg from 'pg';
import { guarded } from '../pg/connect.js';
import type { RefusalCount, RefusalReason, RefusalStore } from './refusals.js';

/** Refusal counts in PostgreSQL, shared by every server: one statement a flush. */
export function createPgRefusalStore(pool: pg.Pool): RefusalStore {
  return {
    add: (rows) =>
      guarded(async () => {
        if (rows.length === 0) return;
        await pool.query(
          `INSERT INTO contact_refusals (day, reason, origin, count)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
           ON CONFLICT (day, reason, origin) DO UPDATE SET count = contact_refusals.count + excluded.count`,
          [rows.map((r) => r.day), rows.map((r) => r.reason), rows.map((r) => r.origin), rows.map((r) => r.count)],
        );
      }),
    since: (day) =>
      guarded(async () => {
        const res = await pool.query<{ day: string; reason: RefusalReason; origin: string; count: string }>(
          'SELECT day, reason, origin, count FROM contact_refusals WHERE day >= $1 ORDER BY count DESC, day, reason, origin',
          [day],
        );
        return res.rows.map((r): RefusalCount => ({ day: r.day, reason: r.reason, origin: r.origin, count: Number(r.count) }));
      }),
  };
}
