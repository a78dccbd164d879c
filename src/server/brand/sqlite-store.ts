import type Database from 'better-sqlite3';
import type { BrandStore, StoredBrand } from './store.js';

/** The brand's one row in the SQLite file (table `brand`, migration 10). */
export function createSqliteBrandStore(db: Database.Database): BrandStore {
  const select = db.prepare<[], { yaml: string; updated_at: string }>('SELECT yaml, updated_at FROM brand WHERE id = 1');
  const upsert = db.prepare('INSERT INTO brand (id, yaml, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET yaml = excluded.yaml, updated_at = excluded.updated_at');
  const insert = db.prepare('INSERT INTO brand (id, yaml, updated_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING');
  return {
    async get(): Promise<StoredBrand | undefined> {
      const row = select.get();
      return row ? { yaml: row.yaml, updatedAt: row.updated_at } : undefined;
    },
    async put(brand) {
      upsert.run(brand.yaml, brand.updatedAt);
    },
    async putIfNone(brand) {
      return insert.run(brand.yaml, brand.updatedAt).changes === 1;
    },
  };
}
