import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SiteBytes } from '../bundle/files.js';
import { checkFileName, isSiteName } from '../bundle/names.js';
import { newRelease, RELEASE_ID, releaseTime, type DeployResult, type ReleaseMeta, type ReleaseStore, type RollbackResult } from './store.js';
import { bytea, guarded, inTransaction, LOCKS, valuesList } from '../pg/connect.js';
import { NOTIFY_SQL, notifyParams, type ChangeFeed } from '../pg/notify.js';
import { fetchLive, openLiveMirror } from './pg-memory.js';

export interface PgReleaseStoreOptions {
  /** This server's change feed: other servers' deploys reach memory through it. */
  feed: ChangeFeed;
  /** Releases kept per site (the live one is always kept). Default 10. */
  keep?: number;
  now?: () => Date;
  /** Told after a site's live release changed in this process's memory (a deploy here, or heard from another server). */
  onChange?: (site: string) => void;
  /** Test hook: runs inside the deploy's transaction, everything written but the live pointer. */
  beforeSwitch?: (site: string, releaseId: string) => Promise<void>;
}

const SITE_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('release:' || $1, 0))";
/** The unique index of live_sites on lower(domain) (schema.ts). */
const DOMAIN_INDEX = 'live_sites_domain';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A refusal found inside a transaction: thrown to roll it back, caught as a value outside. */
class DomainTaken extends Error {
  constructor(readonly domain: string, readonly owner: string) {
    super(`${domain} is the domain of the live site ${owner}`);
  }
}

/**
 * Deployed sites in PostgreSQL (docs/decisions/015-postgresql.md), so any number of clinic servers
 * serve the same deployments. File bytes are stored once by SHA-256 (`blobs`); a release names its
 * files; `live_sites` is the live pointer, and its unique index on lower(domain) keeps one live site
 * per domain across every server. Same contract as the disk store (release-store.contract.test.ts).
 *
 * Pages are served from memory: every live release is loaded at open and kept current by the change
 * feed (a `release` notification reloads one site, a `resync` all of them), so `currentId`,
 * `readLive` and `list` never wait on the database and deployed sites stay up while it is down.
 * History, metadata and zips read the database. A deploy, rollback or removal is one transaction
 * under a per-site advisory lock that notifies at commit; this process's memory is updated at once,
 * without waiting for its own notification. `close()` stops listening; the pool and feed are the caller's.
 */
export async function openPgReleaseStore(pool: pg.Pool, o: PgReleaseStoreOptions): Promise<ReleaseStore & { close(): void }> {
  const keep = o.keep ?? 10;
  const now = o.now ?? (() => new Date());
  const mirror = await openLiveMirror(pool, o.feed, o.onChange);
  const mem = mirror.mem;
  let sweeping: Promise<void> = Promise.resolve();

  /** Deletes the blobs no release names any more, one sweep at a time, off the request's path. */
  function sweep(hashes: string[]): void {
    if (!hashes.length) return;
    sweeping = sweeping
      .then(() =>
        inTransaction(pool, async (c) => {
          // Exclusive against every deploy's shared lock: no deploy is between "this blob is
          // stored" and "my release names it" while a blob is deleted.
          await c.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.blobs]);
          await c.query('DELETE FROM blobs b WHERE b.hash = ANY($1) AND NOT EXISTS (SELECT 1 FROM release_files f WHERE f.hash = b.hash)', [hashes]);
        }),
      )
      .catch(() => undefined); // Best effort: an orphan blob costs room, never a page.
  }

  /** Makes `id` the live release of `site` (this transaction's), or throws DomainTaken. */
  async function pointTo(c: pg.PoolClient, site: string, id: string, domain: string | undefined): Promise<void> {
    await c.query('SAVEPOINT live');
    try {
      await c.query(
        'INSERT INTO live_sites (site, release_id, domain) VALUES ($1, $2, $3) ON CONFLICT (site) DO UPDATE SET release_id = EXCLUDED.release_id, domain = EXCLUDED.domain',
        [site, id, domain ?? null],
      );
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (!domain || e.code !== '23505' || e.constraint !== DOMAIN_INDEX) throw err;
      await c.query('ROLLBACK TO SAVEPOINT live');
      throw new DomainTaken(domain, (await domainOwner(c, site, domain)) ?? 'another site');
    }
  }

  async function domainOwner(c: pg.PoolClient, site: string, domain: string): Promise<string | undefined> {
    const { rows } = await c.query<{ site: string }>('SELECT site FROM live_sites WHERE lower(domain) = lower($1) AND site <> $2', [domain, site]);
    return rows[0]?.site;
  }

  async function insertBlobs(c: pg.PoolClient, bytes: Map<string, Uint8Array>): Promise<void> {
    const { rows } = await c.query<{ hash: string }>('SELECT hash FROM blobs WHERE hash = ANY($1)', [[...bytes.keys()]]);
    const stored = new Set(rows.map((r) => r.hash));
    // In hash order: two deploys inserting the same new blobs take their row locks in one order, never a deadlock.
    const missing = [...bytes].filter(([hash]) => !stored.has(hash)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Several blobs a statement, bound as binary parameters (an array would travel as hex text).
    for (let i = 0; i < missing.length; ) {
      const params: unknown[] = [];
      let size = 0;
      while (i < missing.length && params.length < 200 && (size === 0 || size + missing[i]![1].byteLength <= 16 << 20)) {
        const [hash, b] = missing[i++]!;
        params.push(hash, bytea(b));
        size += b.byteLength;
      }
      await c.query(`INSERT INTO blobs (hash, bytes) VALUES ${valuesList(params.length / 2, 2)} ON CONFLICT DO NOTHING`, params);
    }
  }

  return {
    close: () => mirror.close(),

    async currentId(site) {
      return mem.sites.get(site)?.meta.id;
    },

    async list() {
      return [...mem.sites].sort(([a], [b]) => (a < b ? -1 : 1)).map(([siteName, l]) => ({ siteName, release: l.meta }));
    },

    /** The live file from memory; the bytes are shared with every site holding the same file, not to be changed. */
    async readLive(site, name) {
      const hash = mem.sites.get(site)?.files.get(name);
      return hash === undefined ? undefined : mem.bytes(hash);
    },

    async releaseIds(site) {
      if (!isSiteName(site)) return [];
      const { rows } = await guarded(() => pool.query<{ id: string }>('SELECT id FROM releases WHERE site = $1 ORDER BY id', [site]));
      return rows.map((r) => r.id);
    },

    async meta(site, id) {
      if (isSiteName(site)) {
        const { rows } = await guarded(() => pool.query<{ meta: ReleaseMeta }>('SELECT meta FROM releases WHERE site = $1 AND id = $2', [site, id]));
        if (rows[0]) return { ...rows[0].meta, id };
      }
      return { id, createdAt: releaseTime(id) };
    },

    async history(site) {
      if (!isSiteName(site)) return [];
      const { rows } = await guarded(() =>
        pool.query<{ id: string; created_at: string; city_slug: string | null; config_version: unknown; deployed_by: string | null; live: boolean }>(
          `SELECT r.id, r.created_at, r.meta->>'citySlug' AS city_slug, r.meta->'configVersion' AS config_version, r.meta->>'deployedBy' AS deployed_by, l.site IS NOT NULL AS live
           FROM releases r LEFT JOIN live_sites l ON l.site = r.site AND l.release_id = r.id
           WHERE r.site = $1 ORDER BY r.id DESC`,
          [site],
        ),
      );
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        citySlug: r.city_slug ?? undefined,
        configVersion: typeof r.config_version === 'number' ? r.config_version : undefined,
        ...(r.deployed_by ? { deployedBy: r.deployed_by } : {}),
        live: r.live,
      }));
    },

    async releaseFiles(site, id) {
      if (!isSiteName(site) || !RELEASE_ID.test(id)) return undefined;
      return guarded(async () => {
        const { rows } = await pool.query<{ name: string; bytes: Buffer | null }>(
          `SELECT f.name, b.bytes FROM releases r
           LEFT JOIN release_files f ON f.site = r.site AND f.release_id = r.id LEFT JOIN blobs b ON b.hash = f.hash
           WHERE r.site = $1 AND r.id = $2`,
          [site, id],
        );
        if (!rows.length) return undefined;
        const files: SiteBytes = new Map();
        for (const r of rows) if (r.name !== null && r.bytes && checkFileName(r.name).ok) files.set(r.name, r.bytes);
        return files;
      });
    },

    async deploy(site, input): Promise<DeployResult> {
      if (!isSiteName(site)) return { ok: false, error: 'not a valid site name' };
      const files = new Map<string, string>();
      const bytes = new Map<string, Uint8Array>();
      for (const [name, content] of input.files) {
        const hash = sha256(content);
        files.set(name, hash);
        // A copy: memory must not change if the caller reuses its buffers, nor hold a larger one alive.
        if (!bytes.has(hash)) bytes.set(hash, new Uint8Array(content));
      }
      const domain = input.domainName;
      const since = mem.now();
      try {
        const done = await inTransaction(pool, async (c) => {
          await c.query(`${SITE_LOCK}, pg_advisory_xact_lock_shared($2)`, [site, LOCKS.blobs]);
          const { rows } = await c.query<{ newest: string | null; owner: string | null }>(
            `SELECT (SELECT max(id) FROM releases WHERE site = $1) AS newest,
                    (SELECT site FROM live_sites WHERE lower(domain) = lower($2) AND site <> $1 LIMIT 1) AS owner`,
            [site, domain ?? null],
          );
          // Refused before anything is written; the unique index below settles a race with another server.
          if (domain && rows[0]!.owner) throw new DomainTaken(domain, rows[0]!.owner);
          const release = newRelease(input, rows[0]!.newest ?? undefined, now());
          const id = release.id;
          await insertBlobs(c, bytes);
          await c.query(
            `WITH r AS (INSERT INTO releases (site, id, created_at, meta) VALUES ($1, $2, $3, $4::jsonb))
             INSERT INTO release_files (site, release_id, name, hash) SELECT $1, $2, n, h FROM unnest($5::text[], $6::text[]) AS t (n, h)`,
            [site, id, release.createdAt, JSON.stringify(release), [...files.keys()], [...files.values()]],
          );
          await o.beforeSwitch?.(site, id);
          await pointTo(c, site, id, domain);
          const pruned = await c.query<{ hash: string }>(
            `WITH doomed AS (
               DELETE FROM releases WHERE site = $1 AND id <> $2
               AND id IN (SELECT id FROM releases WHERE site = $1 ORDER BY id DESC OFFSET $3) RETURNING id)
             SELECT DISTINCT f.hash FROM release_files f JOIN doomed d ON f.release_id = d.id WHERE f.site = $1`,
            [site, id, keep],
          );
          await c.query(NOTIFY_SQL, notifyParams({ kind: 'release', site }));
          return { release, pruned: pruned.rows.map((r) => r.hash) };
        });
        mirror.settle(site, since, { meta: done.release, files, bytes });
        sweep(done.pruned);
        return { ok: true, release: done.release };
      } catch (err) {
        if (err instanceof DomainTaken) return { ok: false, error: err.message, domainOwner: err.owner };
        throw err;
      }
    },

    async rollback(site, to): Promise<RollbackResult> {
      if (!isSiteName(site)) return { ok: false, status: 404, error: 'no such site' };
      const since = mem.now();
      try {
        const done = await inTransaction(pool, async (c) => {
          await c.query(SITE_LOCK, [site]);
          const live = (await c.query<{ release_id: string }>('SELECT release_id FROM live_sites WHERE site = $1', [site])).rows[0]?.release_id;
          if (!live && to === undefined) return { ok: false as const, status: 404 as const, error: `no live deployment named ${site}` };
          const { rows } = await c.query<{ id: string; meta: ReleaseMeta }>(
            to === undefined
              ? 'SELECT id, meta FROM releases WHERE site = $1 AND id < $2 ORDER BY id DESC LIMIT 1'
              : 'SELECT id, meta FROM releases WHERE site = $1 AND id = $2',
            [site, to ?? live],
          );
          // Nothing live: a release named is made live ("Make live"); else there is no live deployment to move.
          if (!live && !rows[0]) return { ok: false as const, status: 404 as const, error: `no live deployment named ${site}` };
          if (!rows[0]) return { ok: false as const, status: 409 as const, error: to ? `no release ${to} of ${site}` : `${site} has no earlier release to roll back to` };
          const release = { ...rows[0].meta, id: rows[0].id };
          await pointTo(c, site, release.id, release.domainName);
          const loaded = (await fetchLive(c, mem, [site])).loaded.get(site);
          await c.query(NOTIFY_SQL, notifyParams({ kind: 'release', site }));
          return { ok: true as const, release, loaded };
        });
        if (!done.ok) return done;
        mirror.settle(site, since, done.loaded);
        return { ok: true, release: done.release };
      } catch (err) {
        if (err instanceof DomainTaken) return { ok: false, status: 409, error: `${err.domain} is now the domain of the live site ${err.owner}` };
        throw err;
      }
    },

    async remove(site) {
      if (!isSiteName(site)) return false;
      const since = mem.now();
      const done = await inTransaction(pool, async (c) => {
        await c.query(SITE_LOCK, [site]);
        const live = await c.query('DELETE FROM live_sites WHERE site = $1', [site]);
        const { rows } = await c.query<{ n: number; hashes: string[] }>(
          `WITH doomed AS (DELETE FROM releases WHERE site = $1 RETURNING id)
           SELECT (SELECT count(*) FROM doomed)::int AS n,
                  ARRAY(SELECT DISTINCT f.hash FROM release_files f JOIN doomed d ON f.release_id = d.id WHERE f.site = $1) AS hashes`,
          [site],
        );
        const existed = (live.rowCount ?? 0) > 0 || rows[0]!.n > 0;
        if (existed) await c.query(NOTIFY_SQL, notifyParams({ kind: 'release', site }));
        return { existed, hashes: rows[0]!.hashes };
      });
      mirror.settle(site, since, undefined);
      sweep(done.hashes);
      return done.existed;
    },
  };
}
