import type pg from 'pg';
import { guarded, inTransaction } from '../pg/connect.js';
import { INSTANCE_LOCK_SQL } from '../pg/notify.js';
import { toRollback, toRun, type ItemRow, type RollbackRow, type RunRow } from './rows.js';
import { RUN_STOPPED, type RedeployStore, type RunRecord } from './types.js';

interface PgRunRow extends RunRow {
  owner: string;
  items: ItemRow[];
}

/** A run with its items, read in one statement (one snapshot: the items match the run's state). */
const RUN_SELECT = `SELECT r.id, r.owner, r.started_at, r.finished_at, r.state, r.skipped, r.started_by, r.started_by_id,
    coalesce((SELECT json_agg(json_build_object('slug', i.slug, 'city', i.city, 'state', i.state,
        'config_version', i.config_version, 'release_id', i.release_id, 'error', i.error, 'finished_at', i.finished_at) ORDER BY i.seq)
      FROM redeploy_items i WHERE i.run_id = r.id), '[]'::json) AS items
  FROM redeploy_runs r`;

const record = (r: PgRunRow): RunRecord => toRun(r, r.items);

/** Newest first. */
const NEWEST_FIRST = 'ORDER BY r.started_at COLLATE "C" DESC, r.finished_at COLLATE "C" DESC NULLS FIRST, r.id COLLATE "C" DESC';

const FAIL_UNFINISHED = "UPDATE redeploy_items SET state = 'failed', error = $1, finished_at = $2 WHERE run_id = $3 AND state IN ('pending', 'deploying')";

/**
 * Whether a server holds its instance lock, read from pg_locks (a bigint advisory key shows as its
 * high half in classid, its low half in objid, objsubid 1) rather than by taking the lock: two
 * servers asking about one dead owner at once must not each see the other's probe as that owner alive.
 */
const OWNER_ALIVE = `SELECT EXISTS (
    SELECT 1 FROM pg_locks l, (SELECT ${INSTANCE_LOCK_SQL} AS k) key
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND l.classid = ((key.k >> 32) & 4294967295)::oid AND l.objid = (key.k & 4294967295)::oid
  ) AS alive`;

/** The owners among `owners` whose server is gone: nobody holds their lock. Takes no lock itself. */
async function ownersGone(pool: pg.Pool, owners: string[]): Promise<Set<string>> {
  const gone = new Set<string>();
  for (const owner of owners) {
    const { rows } = await guarded(() => pool.query<{ alive: boolean }>(OWNER_ALIVE, [owner]));
    if (!rows[0]!.alive) gone.add(owner);
  }
  return gone;
}

/**
 * Redeploy-all runs in PostgreSQL, shared by every server. One run at a time across all of them:
 * the partial unique index `redeploy_one_running` refuses a second `running` row, and `create`
 * answers with the run that holds it. Each run names its owner (the server running it); at
 * start-up `recover` interrupts only the runs whose owner no longer holds its instance lock (pg/notify.ts),
 * never a run another live server is still working through. `create` does the same to a run in its
 * way, so a server that died mid-run blocks nobody until some server restarts; reads stay one query.
 * `now` stamps the runs `create` interrupts.
 */
export function createPgRedeployStore(pool: pg.Pool, owner: string, now: () => Date = () => new Date(), ownerGraceMs = 3_000): RedeployStore {
  const one = async (where: string, params: unknown[]) => {
    const { rows } = await guarded(() => pool.query<PgRunRow>(`${RUN_SELECT} ${where}`, params));
    return rows[0] && record(rows[0]);
  };

  /** Interrupts the runs still running among `ids` (unfinished items failed, RUN_STOPPED); returns those this call ended. */
  const interrupt = (ids: string[], at: string) =>
    inTransaction(pool, async (c) => {
      const stopped: string[] = [];
      for (const id of ids) {
        // Another server interrupting it at the same moment may have been first: only ours count.
        const ended = await c.query("UPDATE redeploy_runs SET state = 'interrupted', finished_at = $1 WHERE id = $2 AND state = 'running'", [at, id]);
        if (ended.rowCount !== 1) continue;
        await c.query(FAIL_UNFINISHED, [RUN_STOPPED, at, id]);
        stopped.push(id);
      }
      return stopped;
    });

  return {
    async create(run) {
      // A running run may finish between our insert's conflict and our look at it, or turn out to be
      // a dead server's and be interrupted: then try again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const out = await inTransaction(pool, async (c) => {
          const inserted = await c.query(
            "INSERT INTO redeploy_runs (id, owner, started_at, state, skipped, started_by, started_by_id) VALUES ($1, $2, $3, 'running', $4, $5, $6) ON CONFLICT DO NOTHING",
            [run.id, owner, run.startedAt, JSON.stringify(run.skipped ?? []), run.startedBy?.label ?? '', run.startedBy?.id ?? ''],
          );
          if (inserted.rowCount === 1) {
            await c.query(
              `INSERT INTO redeploy_items (run_id, seq, slug, city, state, config_version)
               SELECT $1, s.n - 1, s.slug, s.city, 'pending', s.v FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS s(slug, city, v, n)`,
              [run.id, run.items.map((i) => i.slug), run.items.map((i) => i.city), run.items.map((i) => i.configVersion ?? null)],
            );
            return { ok: true as const, run: record((await c.query<PgRunRow>(`${RUN_SELECT} WHERE r.id = $1`, [run.id])).rows[0]!) };
          }
          const busy = (await c.query<PgRunRow>(`${RUN_SELECT} WHERE r.state = 'running' LIMIT 1`)).rows[0];
          if (busy) return { ok: false as const, running: record(busy), owner: busy.owner };
          if ((await c.query('SELECT 1 FROM redeploy_runs WHERE id = $1', [run.id])).rowCount) throw new Error(`a redeploy run ${run.id} already exists`);
          return undefined;
        });
        if (!out) continue;
        if (out.ok) return out;
        // This server's own run is its own to finish; another's blocks while its server lives. The
        // lock is looked at after the transaction, so no call holds two connections at once.
        const alive = out.owner === owner || !(await ownersGone(pool, [out.owner])).has(out.owner);
        if (alive) return { ok: false as const, running: out.running };
        // A live server whose listening connection is reconnecting holds no lock for a moment: a
        // dead owner is one still gone a few seconds later.
        await new Promise((r) => setTimeout(r, ownerGraceMs));
        if (!(await ownersGone(pool, [out.owner])).has(out.owner)) return { ok: false as const, running: out.running };
        await interrupt([out.running.id], now().toISOString());
      }
      throw new Error('could not start a redeploy run: runs kept starting and finishing elsewhere');
    },
    async update(runId, slug, p) {
      await guarded(() =>
        pool.query(
          `UPDATE redeploy_items SET state = $3, config_version = coalesce($4, config_version),
                  release_id = coalesce($5, release_id), error = $6, finished_at = $7
            WHERE run_id = $1 AND slug = $2
              AND EXISTS (SELECT 1 FROM redeploy_runs WHERE id = $1 AND state = 'running')`,
          [runId, slug, p.state, p.configVersion ?? null, p.releaseId ?? null, p.error ?? null, p.finishedAt ?? null],
        ),
      );
    },
    async finish(runId, state, at) {
      await inTransaction(pool, async (c) => {
        if (state === 'interrupted') await c.query(FAIL_UNFINISHED, [RUN_STOPPED, at, runId]);
        // Only a run still running: one another server interrupted stays interrupted.
        await c.query("UPDATE redeploy_runs SET state = $1, finished_at = $2 WHERE id = $3 AND state = 'running'", [state, at, runId]);
      });
    },
    get: (id) => one('WHERE r.id = $1', [id]),
    // Runs never overlap, so of two started in the same millisecond the newer is the one still
    // running, or else the one that finished last (SQLite uses its rowid for this).
    latest: () => one(`${NEWEST_FIRST} LIMIT 1`, []),
    async list(limit) {
      const { rows } = await guarded(() => pool.query<PgRunRow>(`${RUN_SELECT} ${NEWEST_FIRST} LIMIT $1`, [limit]));
      return rows.map(record);
    },
    async recordRollback(r) {
      await guarded(() => pool.query('INSERT INTO site_rollbacks (site, release_id, at, by_label) VALUES ($1, $2, $3, $4)', [r.site, r.releaseId, r.at, r.by]));
    },
    async rollbacks(site) {
      const { rows } = await guarded(() => pool.query<RollbackRow>('SELECT site, release_id, at, by_label FROM site_rollbacks WHERE site = $1 ORDER BY at COLLATE "C" DESC', [site]));
      return rows.map(toRollback);
    },
    async recover(at) {
      const { rows } = await guarded(() => pool.query<{ id: string; owner: string }>("SELECT id, owner FROM redeploy_runs WHERE state = 'running'"));
      if (rows.length === 0) return [];
      // This server's own runs cannot be running yet: one found is from a previous life.
      const gone = await ownersGone(pool, [...new Set(rows.map((r) => r.owner).filter((x) => x !== owner))]);
      const ids = rows.filter((r) => r.owner === owner || gone.has(r.owner)).map((r) => r.id);
      if (ids.length === 0) return [];
      return interrupt(ids, at);
    },
  };
}
