import type Database from 'better-sqlite3';
import type { MetaStore } from '../crypto/server-keys.js';

/** store_meta in the SQLite database. */
export function sqliteMeta(db: Database.Database): MetaStore {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM store_meta WHERE key = ?');
  const put = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING');
  return {
    get: async (key) => get.get(key)?.value,
    putIfAbsent: async (key, value) => {
      put.run(key, value);
      return get.get(key)!.value;
    },
  };
}

/** A value of store_meta read before migrating (undefined when the table does not exist yet): a check that must write nothing. */
export function peekMeta(db: Database.Database, key: string): string | undefined {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_meta'").get();
  if (!table) return undefined;
  return db.prepare<[string], { value: string }>('SELECT value FROM store_meta WHERE key = ?').get(key)?.value;
}
