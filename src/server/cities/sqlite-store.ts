import type Database from 'better-sqlite3';
import { createRedeployStore } from './sqlite-runs.js';
import { decideSave, toPin, toVersion, VERSION_COLUMNS, type PinRow, type VersionRow } from './rows.js';
import type { CityStore, NewVersion, SaveMode, SaveResult } from './types.js';

/**
 * The SQLite city store, on the connection of the message store (sqlite-server-store.ts). better-sqlite3
 * is synchronous: each method runs to its end before the promise it returns is made, and every
 * write is one transaction, so a save's checks (exists, base version, unchanged) and its insert
 * can never interleave with another request's. Saves are fsynced (synchronous=FULL, the
 * connection's setting): an operator's saved config survives a power cut like a message does.
 */
export function createSqliteCityStore(db: Database.Database, now: () => Date = () => new Date()): CityStore {
  const latestOf = db.prepare<[string], VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug
      WHERE v.slug = ? AND c.deleted_at IS NULL ORDER BY v.version DESC LIMIT 1`,
  );
  const all = db.prepare<[], VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug
      WHERE c.deleted_at IS NULL AND v.version = (SELECT max(version) FROM city_versions WHERE slug = v.slug)
      ORDER BY v.slug`,
  );
  const one = db.prepare<[string, number], VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM city_versions v JOIN cities c ON c.slug = v.slug WHERE v.slug = ? AND v.version = ? AND c.deleted_at IS NULL`,
  );
  const history = db.prepare<[string], { version: number; saved_at: string; saved_by: string }>('SELECT version, saved_at, saved_by FROM city_versions WHERE slug = ? ORDER BY version DESC');
  const byDigest = db.prepare<[string, string], { version: number }>(
    `SELECT v.version FROM city_versions v JOIN cities c ON c.slug = v.slug
      WHERE v.slug = ? AND v.digest = ? AND c.deleted_at IS NULL ORDER BY v.version DESC LIMIT 1`,
  );
  const cityRow = db.prepare<[string], { deleted_at: string | null }>('SELECT deleted_at FROM cities WHERE slug = ?');
  const newest = db.prepare<[string], { version: number; digest: string; saved_at: string }>(
    'SELECT version, digest, saved_at FROM city_versions WHERE slug = ? ORDER BY version DESC LIMIT 1',
  );
  const insertCity = db.prepare('INSERT INTO cities (slug, created_at) VALUES (?, ?)');
  const revive = db.prepare('UPDATE cities SET deleted_at = NULL WHERE slug = ?');
  const insertVersion = db.prepare(
    `INSERT INTO city_versions (slug, version, yaml, digest, business_name, city, state, saved_at, saved_by, restored_from)
     VALUES (@slug, @version, @yaml, @digest, @businessName, @city, @state, @savedAt, @savedBy, @restoredFrom)`,
  );
  // A deleted city's pin goes with its site: revived, it starts unpinned.
  const markDeleted = db.prepare('UPDATE cities SET deleted_at = ?, pinned_release = NULL, pinned_at = NULL WHERE slug = ? AND deleted_at IS NULL');
  const setPin = db.prepare<[string | null, string | null, string]>('UPDATE cities SET pinned_release = ?, pinned_at = ? WHERE slug = ? AND deleted_at IS NULL');
  const allPins = db.prepare<[], PinRow>('SELECT slug, pinned_release, pinned_at FROM cities WHERE deleted_at IS NULL AND pinned_release IS NOT NULL ORDER BY slug');
  const forgetVersions = db.prepare('DELETE FROM city_versions WHERE slug = ?');
  const forgetCity = db.prepare('DELETE FROM cities WHERE slug = ?');
  const flagGet = db.prepare<[string], { value: string }>('SELECT value FROM store_meta WHERE key = ?');
  const flagSet = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING');

  const save = db.transaction((v: NewVersion, m: SaveMode): SaveResult => {
    const d = decideSave(cityRow.get(v.slug), newest.get(v.slug), v, m);
    if (!d.write) return d.result;
    const savedAt = now().toISOString();
    if (d.city === 'insert') insertCity.run(v.slug, savedAt);
    else if (d.city === 'revive') revive.run(v.slug);
    insertVersion.run({ ...v, version: d.version, savedAt, savedBy: v.savedBy ?? '', restoredFrom: v.restoredFrom ?? null });
    return { status: d.status, version: d.version, savedAt };
  });

  const remove = db.transaction((slug: string, keepHistory: boolean): boolean => {
    const row = cityRow.get(slug);
    if (!row || row.deleted_at !== null) return false;
    if (keepHistory) {
      markDeleted.run(now().toISOString(), slug);
    } else {
      forgetVersions.run(slug);
      forgetCity.run(slug);
    }
    return true;
  });

  // The trash: deleted cities with their latest version; brought back, or forgotten once old.
  const trashed = db.prepare<[], VersionRow & { deleted_at: string }>(
    `SELECT ${VERSION_COLUMNS}, c.deleted_at FROM city_versions v JOIN cities c ON c.slug = v.slug
      WHERE c.deleted_at IS NOT NULL AND v.version = (SELECT max(version) FROM city_versions WHERE slug = v.slug) ORDER BY c.deleted_at DESC, v.slug`,
  );
  const undelete = db.prepare('UPDATE cities SET deleted_at = NULL WHERE slug = ? AND deleted_at IS NOT NULL');
  const oldTrash = db.prepare<[string], { slug: string }>('SELECT slug FROM cities WHERE deleted_at IS NOT NULL AND deleted_at < ? ORDER BY slug');
  const purge = db.transaction((before: string): string[] => {
    const slugs = oldTrash.all(before).map((r) => r.slug);
    for (const slug of slugs) {
      forgetVersions.run(slug);
      forgetCity.run(slug);
    }
    return slugs;
  });

  return {
    list: async () => all.all().map(toVersion),
    trash: async () => trashed.all().map((r) => ({ ...toVersion(r), deletedAt: r.deleted_at })),
    undelete: async (slug) => undelete.run(slug).changes === 1,
    purgeDeleted: async (before) => purge.immediate(before),
    latest: async (slug) => {
      const r = latestOf.get(slug);
      return r && toVersion(r);
    },
    version: async (slug, version) => {
      const r = one.get(slug, version);
      return r && toVersion(r);
    },
    versions: async (slug) => {
      const row = cityRow.get(slug);
      if (!row || row.deleted_at !== null) return undefined;
      return history.all(slug).map((r) => ({ version: r.version, savedAt: r.saved_at, ...(r.saved_by ? { savedBy: r.saved_by } : {}) }));
    },
    findByDigest: async (slug, digest) => byDigest.get(slug, digest)?.version,
    exists: async (slug) => cityRow.get(slug) !== undefined,
    save: async (v, m) => save.immediate(v, m),
    remove: async (slug, keepHistory) => remove.immediate(slug, keepHistory),
    setPin: async (slug, pin) => setPin.run(pin?.releaseId ?? null, pin?.at ?? null, slug).changes === 1,
    pins: async () => allPins.all().map(toPin),
    claimFlag: async (key, value) => flagSet.run(key, value).changes === 1,
    readFlag: async (key) => flagGet.get(key)?.value,
    redeploys: createRedeployStore(db),
  };
}
