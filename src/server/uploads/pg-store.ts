import type pg from 'pg';
import { folderUploadStore, UPLOAD_NAME, type UploadStore } from './store.js';
import { bytea, guarded, storeError } from '../pg/connect.js';

/** SQLSTATE disk_full: the database has no room left, which the upload routes answer like a full disk. */
const DISK_FULL = '53100';

/**
 * Uploads in PostgreSQL (table `uploads`), so a logo uploaded through one server is read by every
 * other. An upload is immutable once stored (its name is new each time), so each server keeps the
 * ones it has read in a local cache folder and asks the database only on a miss. Only names
 * matching UPLOAD_NAME ever reach the database or the disk.
 */
export function pgUploadStore(pool: pg.Pool, cacheDir: string): UploadStore {
  const cache = folderUploadStore(cacheDir);
  return {
    async put(name, bytes) {
      // The caller checks names (upload-routes.ts); another name here is a bug, not a user error.
      if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${JSON.stringify(name)}`);
      try {
        await pool.query('INSERT INTO uploads (name, bytes) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
          name,
          bytea(bytes),
        ]);
        return { ok: true };
      } catch (err) {
        if ((err as { code?: unknown }).code === DISK_FULL) return { ok: false };
        throw storeError(err);
      }
    },
    async get(name) {
      if (!UPLOAD_NAME.test(name)) return undefined;
      const cached = await cache.get(name);
      if (cached) return cached;
      const { rows } = await guarded(() => pool.query<{ bytes: Buffer }>('SELECT bytes FROM uploads WHERE name = $1', [name]));
      if (!rows[0]) return undefined;
      // Best effort, whole or not at all (storeUpload): a cache that cannot be written costs a
      // database read later, never the read at hand.
      await cache.put(name, rows[0].bytes).catch(() => undefined);
      return rows[0].bytes;
    },
  };
}
