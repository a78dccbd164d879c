import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { PREVIEW_ID, PREVIEW_LIMITS, type PreviewStore } from './store.js';
import type { SiteBytes } from '../bundle/files.js';
import { bytea, guarded, inTransaction, valuesList } from '../pg/connect.js';

/**
 * Previews in PostgreSQL (tables `previews`, `preview_files`), so a preview the admin made through
 * one server opens through any other behind the balancer. The limits of the memory store hold
 * across servers: half an hour each, at most `maxPreviews`, at most `maxTotalBytes` together
 * except the newest one.
 */

/** Every add takes this transaction lock, so concurrent adds on any server apply the caps one after another. */
const LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('previews', 0))";

// created_at orders previews, oldest first, so it is made unique and increasing under the lock: a
// clock that stands still (or a server a millisecond behind another) still drops the older one.
const INSERT_SQL = `
  INSERT INTO previews (id, created_at, expires_at, total_bytes)
  VALUES ($1, GREATEST($2::bigint, (SELECT max(created_at) + 1 FROM previews)), $3, $4)`;

const DROP_EXPIRED_SQL = 'DELETE FROM previews WHERE expires_at <= $1 RETURNING id';

// Newest first, keep while within both caps; the newest is kept whatever its size (the body limit
// bounds it). The running total only grows, so what is kept is the newest ones, as in memory.
const DROP_BEYOND_CAPS_SQL = `
  DELETE FROM previews WHERE id IN (
    SELECT id FROM (
      SELECT id, row_number() OVER w AS n, sum(total_bytes) OVER w AS running
      FROM previews WINDOW w AS (ORDER BY created_at DESC ROWS UNBOUNDED PRECEDING)
    ) ranked
    WHERE n > $1 OR (n > 1 AND running > $2)
  )
  RETURNING id`;

const GET_SQL = `
  SELECT p.expires_at, f.name, f.bytes
  FROM previews p LEFT JOIN preview_files f ON f.preview_id = p.id
  WHERE p.id = $1 AND p.expires_at > $2`;

/** Files per INSERT: few round trips for a site of many small files, each bytea sent as binary. */
const FILES_PER_INSERT = 100;

/** The recently read previews this process keeps: a few, and bytes of about one large site. */
const CACHE = { maxEntries: 4, maxBytes: 48 * 1024 * 1024 } as const;

type Cached = { files: SiteBytes; bytes: number; expires: number };

/**
 * The PostgreSQL preview store. `add` is one transaction (the files, then the expired and the
 * oldest beyond the caps dropped). `get` keeps a few recent previews in memory (a preview never
 * changes under its id) but checks their expiry on every read, and forgets those its own adds drop;
 * a preview dropped by the caps on another server may still be served from this cache until it
 * expires (the caps bound the database; the cache is bounded on its own).
 */
export function pgPreviewStore(pool: pg.Pool, now: () => number = Date.now): PreviewStore {
  const cache = new Map<string, Cached>();
  let cachedBytes = 0;

  const forget = (id: string) => {
    const entry = cache.get(id);
    if (!entry) return;
    cachedBytes -= entry.bytes;
    cache.delete(id);
  };
  const remember = (id: string, entry: Cached) => {
    forget(id);
    if (entry.bytes > CACHE.maxBytes) return;
    // Map order is insertion order: the first entry is the one read longest ago.
    while (cache.size >= CACHE.maxEntries || (cache.size > 0 && cachedBytes + entry.bytes > CACHE.maxBytes)) forget(cache.keys().next().value!);
    cache.set(id, entry);
    cachedBytes += entry.bytes;
  };

  return {
    async add(files) {
      const id = randomBytes(16).toString('hex');
      const t = now();
      const expires = t + PREVIEW_LIMITS.ttlMs;
      const rows = [...files].map(([name, b]) => [name, bytea(b)] as const);
      const bytes = rows.reduce((sum, [, b]) => sum + b.byteLength, 0);
      const dropped = await inTransaction(pool, async (client) => {
        await client.query(LOCK_SQL);
        await client.query(INSERT_SQL, [id, t, expires, bytes]);
        for (let i = 0; i < rows.length; i += FILES_PER_INSERT) {
          const batch = rows.slice(i, i + FILES_PER_INSERT);
          // The id is bound once as $1 and named by every row.
          const values = valuesList(batch.length, 2, 2).replaceAll('($', '($1, $');
          await client.query(`INSERT INTO preview_files (preview_id, name, bytes) VALUES ${values}`, [id, ...batch.flat()]);
        }
        const expired = await client.query<{ id: string }>(DROP_EXPIRED_SQL, [t]);
        const beyond = await client.query<{ id: string }>(DROP_BEYOND_CAPS_SQL, [PREVIEW_LIMITS.maxPreviews, PREVIEW_LIMITS.maxTotalBytes]);
        return [...expired.rows, ...beyond.rows].map((r) => r.id);
      });
      for (const gone of dropped) forget(gone);
      remember(id, { files, bytes, expires });
      return id;
    },
    async get(id) {
      if (!PREVIEW_ID.test(id)) return undefined;
      const t = now();
      const hit = cache.get(id);
      if (hit) {
        forget(id);
        if (hit.expires <= t) return undefined;
        remember(id, hit);
        return hit.files;
      }
      const { rows } = await guarded(() =>
        pool.query<{ expires_at: number; name: string | null; bytes: Buffer | null }>(GET_SQL, [id, t]),
      );
      if (!rows[0]) return undefined;
      const files: SiteBytes = new Map();
      let bytes = 0;
      for (const r of rows) {
        if (r.name === null || r.bytes === null) continue;
        files.set(r.name, r.bytes);
        bytes += r.bytes.byteLength;
      }
      remember(id, { files, bytes, expires: rows[0].expires_at });
      return files;
    },
  };
}
