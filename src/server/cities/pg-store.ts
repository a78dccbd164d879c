import type pg from 'pg';
import { guarded, inTransaction } from '../pg/connect.js';
import { NOTIFY_SQL, notifyParams } from '../pg/notify.js';
import { createPgRedeployStore } from './pg-runs.js';
import { decideSave, toPin, toVersion, VERSION_COLUMNS, type PinRow, type VersionRow } from './rows.js';
import type { CityStore, NewVersion, SaveMode, SaveResult } from './types.js';

/**
 * Serialises the writes of one city across every server: a transaction-scoped advisory lock,
 * because a city being created has no row yet for SELECT ... FOR UPDATE to lock. Released at
 * COMMIT or ROLLBACK, so a server that dies mid-save never leaves it held.
 */
const lockCity = (c: pg.PoolClient, slug: string) => c.query("SELECT pg_advisory_xact_lock(hashtextextended('city:' || $1, 0))", [slug]);

/** What every other server hears after a city is stored or deleted: re-read the origins it accepts. */
const notifyChanged = (c: pg.PoolClient) => c.query(NOTIFY_SQL, notifyParams({ kind: 'cities' }));

export interface PgCityStoreOptions {
  /** This server's instance id: recorded on the redeploy runs it starts (pg-runs.ts). */
  owner: string;
  now?: () => Date;
  /** How long a run's owner must stay gone before another server interrupts its run (default 3 s; tests shorten it). */
  ownerGraceMs?: number;
}

/**
 * The PostgreSQL city store (docs/decisions/015-postgresql.md): the SQLite store's semantics
 * (sqlite-store.ts) with any number of servers writing at once. A save's checks (exists, base
 * version, unchanged) and its insert run in one transaction under the city's advisory lock, so two
 * servers saving on the same base version give one `saved` and one `stale`; the (slug, version)
 * key is the backstop. Saves that store a version and deletes NOTIFY the other servers inside the
 * transaction, so the message goes out at COMMIT and never for a write that rolled back.
 * Slugs and times sort with COLLATE "C", byte order as in SQLite, whatever the database's locale.
 */
export function createPgCityStore(pool: pg.Pool, o: PgCityStoreOptions): CityStore {
  const now = o.now ?? (() => new Date());
  const query = <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => guarded(async () => (await pool.query<R>(sql, params)).rows);

  const save = (v: NewVersion, m: SaveMode): Promise<SaveResult> =>
    inTransaction(pool, async (c) => {
      await lockCity(c, v.slug);
      const row = (await c.query<{ deleted_at: string | null }>('SELECT deleted_at FROM cities WHERE slug = $1', [v.slug])).rows[0];
      const last = (
        await c.query<{ version: number; digest: string; saved_at: string }>(
          'SELECT version, digest, saved_at FROM city_versions WHERE slug = $1 ORDER BY version DESC LIMIT 1',
          [v.slug],
        )
      ).rows[0];
      const d = decideSave(row, last, v, m);
      if (!d.write) return d.result;
      const { version } = d;
      const savedAt = now().toISOString();
      if (d.city === 'insert') await c.query('INSERT INTO cities (slug, created_at) VALUES ($1, $2)', [v.slug, savedAt]);
      else if (d.city === 'revive') await c.query('UPDATE cities SET deleted_at = NULL WHERE slug = $1', [v.slug]);
      await c.query(
        `INSERT INTO city_versions (slug, version, yaml, digest, business_name, city, state, saved_at, saved_by, restored_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [v.slug, version, v.yaml, v.digest, v.businessName, v.city, v.state, savedAt, v.savedBy ?? '', v.restoredFrom ?? null],
      );
      await notifyChanged(c);
      return { status: d.status, version, savedAt };
    });

  const remove = (slug: string, keepHistory: boolean): Promise<boolean> =>
    inTransaction(pool, async (c) => {
      // The same lock as a save: a save cannot add a version to a city being forgotten.
      await lockCity(c, slug);
      const row = (await c.query<{ deleted_at: string | null }>('SELECT deleted_at FROM cities WHERE slug = $1', [slug])).rows[0];
      if (!row || row.deleted_at !== null) return false;
      // A deleted city's pin goes with its site: revived, it starts unpinned.
      if (keepHistory) await c.query('UPDATE cities SET deleted_at = $1, pinned_release = NULL, pinned_at = NULL WHERE slug = $2', [now().toISOString(), slug]);
      // city_versions goes with it (ON DELETE CASCADE).
      else await c.query('DELETE FROM cities WHERE slug = $1', [slug]);
      await notifyChanged(c);
      return true;
    });

  return {
    // The trash: deleted cities with their latest version; brought back, or forgotten once old.
    trash: async () =>
      (
        await query<VersionRow & { deleted_at: string }>(
          `SELECT DISTINCT ON (v.slug COLLATE "C") ${VERSION_COLUMNS}, c.deleted_at FROM city_versions v JOIN cities c ON c.slug = v.slug
            WHERE c.deleted_at IS NOT NULL ORDER BY v.slug COLLATE "C", v.version DESC`,
        )
      )
        .map((r) => ({ ...toVersion(r), deletedAt: r.deleted_at }))
        .sort((a, b) => (a.deletedAt === b.deletedAt ? (a.slug < b.slug ? -1 : 1) : a.deletedAt < b.deletedAt ? 1 : -1)),
    undelete: (slug) =>
      inTransaction(pool, async (c) => {
        await lockCity(c, slug);
        const n = (await c.query('UPDATE cities SET deleted_at = NULL WHERE slug = $1 AND deleted_at IS NOT NULL', [slug])).rowCount ?? 0;
        if (n === 1) await notifyChanged(c);
        return n === 1;
      }),
    purgeDeleted: (before) =>
      inTransaction(pool, async (c) => {
        // city_versions goes with each (ON DELETE CASCADE).
        const gone = (await c.query<{ slug: string }>('DELETE FROM cities WHERE deleted_at IS NOT NULL AND deleted_at < $1 RETURNING slug', [before])).rows.map((r) => r.slug).sort();
        if (gone.length) await notifyChanged(c);
        return gone;
      }),
    list: async () =>
      (
        await query<VersionRow>(
          `SELECT DISTINCT ON (v.slug COLLATE "C") ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug
            WHERE c.deleted_at IS NULL ORDER BY v.slug COLLATE "C", v.version DESC`,
        )
      ).map(toVersion),
    latest: async (slug) => {
      const [r] = await query<VersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug
          WHERE v.slug = $1 AND c.deleted_at IS NULL ORDER BY v.version DESC LIMIT 1`,
        [slug],
      );
      return r && toVersion(r);
    },
    version: async (slug, version) => {
      const [r] = await query<VersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug WHERE v.slug = $1 AND v.version = $2 AND c.deleted_at IS NULL`,
        [slug, version],
      );
      return r && toVersion(r);
    },
    versions: async (slug) => {
      // One statement, one snapshot: the city's state and its history agree.
      const rows = await query<{ deleted_at: string | null; version: number | null; saved_at: string | null; saved_by: string | null }>(
        `SELECT c.deleted_at, v.version, v.saved_at, v.saved_by FROM cities c LEFT JOIN city_versions v ON v.slug = c.slug
          WHERE c.slug = $1 ORDER BY v.version DESC`,
        [slug],
      );
      if (rows.length === 0 || rows[0]!.deleted_at !== null) return undefined;
      return rows.filter((r) => r.version !== null).map((r) => ({ version: r.version!, savedAt: r.saved_at!, ...(r.saved_by ? { savedBy: r.saved_by } : {}) }));
    },
    findByDigest: async (slug, digest) =>
      (
        await query<{ version: number }>(
          `SELECT v.version FROM city_versions v JOIN cities c ON c.slug = v.slug
            WHERE v.slug = $1 AND v.digest = $2 AND c.deleted_at IS NULL ORDER BY v.version DESC LIMIT 1`,
          [slug, digest],
        )
      )[0]?.version,
    exists: async (slug) => (await query('SELECT 1 FROM cities WHERE slug = $1', [slug])).length > 0,
    save,
    remove,
    setPin: (slug, pin) =>
      guarded(
        async () =>
          (await pool.query('UPDATE cities SET pinned_release = $1, pinned_at = $2 WHERE slug = $3 AND deleted_at IS NULL', [pin?.releaseId ?? null, pin?.at ?? null, slug])).rowCount === 1,
      ),
    pins: async () =>
      (await query<PinRow>('SELECT slug, pinned_release, pinned_at FROM cities WHERE deleted_at IS NULL AND pinned_release IS NOT NULL ORDER BY slug COLLATE "C"')).map(toPin),
    claimFlag: (key, value) =>
      guarded(async () => (await pool.query('INSERT INTO store_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value])).rowCount === 1),
    readFlag: async (key) => (await query<{ value: string }>('SELECT value FROM store_meta WHERE key = $1', [key]))[0]?.value,
    redeploys: createPgRedeployStore(pool, o.owner, o.now, o.ownerGraceMs),
  };
}
