import type pg from 'pg';
import type { BrandStore, StoredBrand } from './store.js';

/**
 * The brand's one row in PostgreSQL (table `brand`, migration 7), shared by every server. Read on
 * every GET, never cached: a brand saved through one server is what the next read on another
 * returns, so no change notification is needed.
 */
export function createPgBrandStore(pool: pg.Pool): BrandStore {
  return {
    async get(): Promise<StoredBrand | undefined> {
      const { rows } = await pool.query<{ yaml: string; updated_at: string }>('SELECT yaml, updated_at FROM brand WHERE id = 1');
      return rows[0] ? { yaml: rows[0].yaml, updatedAt: rows[0].updated_at } : undefined;
    },
    async put(brand) {
      await pool.query('INSERT INTO brand (id, yaml, updated_at) VALUES (1, $1, $2) ON CONFLICT (id) DO UPDATE SET yaml = excluded.yaml, updated_at = excluded.updated_at', [brand.yaml, brand.updatedAt]);
    },
    async putIfNone(brand) {
      const res = await pool.query('INSERT INTO brand (id, yaml, updated_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [brand.yaml, brand.updatedAt]);
      return res.rowCount === 1;
    },
  };
}
