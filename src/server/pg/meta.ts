import type pg from 'pg';
import type { MetaStore } from '../crypto/server-keys.js';
import { guarded } from './connect.js';

/** store_meta in PostgreSQL. */
export function pgMeta(pool: pg.Pool): MetaStore {
  const get = async (key: string) => (await pool.query<{ value: string }>('SELECT value FROM store_meta WHERE key = $1', [key])).rows[0]?.value;
  return {
    get: (key) => guarded(() => get(key)),
    putIfAbsent: (key, value) =>
      guarded(async () => {
        await pool.query('INSERT INTO store_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
        return (await get(key))!;
      }),
  };
}

/** A value of store_meta read before migrating (undefined when the table does not exist yet). */
export async function peekPgMeta(pool: pg.Pool, key: string): Promise<string | undefined> {
  const exists = (await pool.query<{ t: string | null }>("SELECT to_regclass('store_meta')::text AS t")).rows[0]?.t;
  if (!exists) return undefined;
  return (await pool.query<{ value: string }>('SELECT value FROM store_meta WHERE key = $1', [key])).rows[0]?.value;
}
