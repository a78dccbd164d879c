import type pg from 'pg';
import { guarded, inTransaction, isConnectionError, storeError } from '../pg/connect.js';
import { INSTANCE_LOCK_SQL } from '../pg/notify.js';
import { RUN_STOPPED, type ItemState, type RedeployStore, type RunRecord, type RunState } from './types.js';

interface RunRow {
  id: string;
  started_at: string;
  finished_at: string | null;
  state: RunState;
  items: {
    slug: string;
    city: string;
    state: ItemState;
    config_version: number | null;
    release_id: string | null;
    error: string | null;
    finished_at: string | null;
  }[];
}

/** A run with its items, read in one statement (one snapshot: the items match the run's state). */
const RUN_SELECT = `SELECT r.id, r.started_at, r.finished_at, r.state,
    coalesce((SELECT json_agg(json_build_object('slug', i.slug, 'city', i.city, 'state', i.state,
        'config_version', i.config_version, 'release_id', i.release_id, 'error', i.error, 'finished_at', i.finished_at) ORDER BY i.seq)
      FROM redeploy_items i WHERE i.run_id = r.id), '[]'::json) AS items
  FROM redeploy_runs r`;

const record = (r: RunRow): RunRecord => ({
  id: r.id,
  state: r.state,
  startedAt: r.started_at,
  finishedAt: r.finished_at ?? undefined,
  items: r.items.map((i) => ({
    slug: i.slug,
    city: i.city,
    state: i.state,
    configVersion: i.config_version ?? undefined,
    releaseId: i.release_id ?? undefined,
    error: i.error ?? undefined,
    finishedAt: i.finished_at ?? undefined,
  })),
});

const FAIL_UNFINISHED = "UPDATE redeploy_items SET state = 'failed', error = $1, finished_at = $2 WHERE run_id = $3 AND state IN ('pending', 'deploying')";

/**
 * The owners among `owners` whose server is gone: nobody holds their lock. Asked on one
 * connection, and a lock this asking took is given back at once; should that fail, the
 * connection is destroyed, which gives it back too (a lock kept would make a dead owner look alive).
 */
async function ownersGone(pool: pg.Pool, owners: string[]): Promise<Set<string>> {
  const gone = new Set<string>();
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw storeError(err);
  }
  // A connection dropped while checked out emits 'error' on the client; unheard, it ends the process.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken = false;
  try {
    for (const owner of owners) {
      const { rows } = await client.query<{ free: boolean }>(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS free`, [owner]);
      if (!rows[0]!.free) continue;
      broken = true;
      await client.query(`SELECT pg_advisory_unlock(${INSTANCE_LOCK_SQL})`, [owner]);
      broken = false;
      gone.add(owner);
    }
    return gone;
  } catch (err) {
    if (isConnectionError(err)) broken = true;
    throw storeError(err);
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

/**
 * Redeploy-all runs in PostgreSQL, shared by every server. One run at a time across all of them:
 * the partial unique index `redeploy_one_running` refuses a second `running` row, and `create`
 * answers with the run that holds it. Each run names its owner (the server running it); at
 * start-up `recover` interrupts only the runs whose owner no longer holds its instance lock (pg/notify.ts),
 * never a run another live server is still working through.
 */
export function createPgRedeployStore(pool: pg.Pool, owner: string): RedeployStore {
  const one = async (where: string, params: unknown[]) => {
    const { rows } = await guarded(() => pool.query<RunRow>(`${RUN_SELECT} ${where}`, params));
    return rows[0] && record(rows[0]);
  };

  return {
    async create(run) {
      // A running run may finish between our insert's conflict and our look at it: then try again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const out = await inTransaction(pool, async (c) => {
          const inserted = await c.query("INSERT INTO redeploy_runs (id, owner, started_at, state) VALUES ($1, $2, $3, 'running') ON CONFLICT DO NOTHING", [run.id, owner, run.startedAt]);
          if (inserted.rowCount === 1) {
            await c.query(
              `INSERT INTO redeploy_items (run_id, seq, slug, city, state)
               SELECT $1, s.n - 1, s.slug, s.city, 'pending' FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS s(slug, city, n)`,
              [run.id, run.items.map((i) => i.slug), run.items.map((i) => i.city)],
            );
            return { ok: true as const, run: record((await c.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [run.id])).rows[0]!) };
          }
          const busy = (await c.query<RunRow>(`${RUN_SELECT} WHERE r.state = 'running' LIMIT 1`)).rows[0];
          if (busy) return { ok: false as const, running: record(busy) };
          if ((await c.query('SELECT 1 FROM redeploy_runs WHERE id = $1', [run.id])).rowCount) throw new Error(`a redeploy run ${run.id} already exists`);
          return undefined;
        });
        if (out) return out;
      }
      throw new Error('could not start a redeploy run: runs kept starting and finishing elsewhere');
    },
    async update(runId, slug, p) {
      await guarded(() =>
        pool.query(
          `UPDATE redeploy_items SET state = $3, config_version = coalesce($4, config_version),
                  release_id = coalesce($5, release_id), error = $6, finished_at = $7
            WHERE run_id = $1 AND slug = $2`,
          [runId, slug, p.state, p.configVersion ?? null, p.releaseId ?? null, p.error ?? null, p.finishedAt ?? null],
        ),
      );
    },
    async finish(runId, state, at) {
      await inTransaction(pool, async (c) => {
        if (state === 'interrupted') await c.query(FAIL_UNFINISHED, [RUN_STOPPED, at, runId]);
        await c.query('UPDATE redeploy_runs SET state = $1, finished_at = $2 WHERE id = $3', [state, at, runId]);
      });
    },
    get: (id) => one('WHERE r.id = $1', [id]),
    // Runs never overlap, so of two started in the same millisecond the newer is the one still
    // running, or else the one that finished last (SQLite uses its rowid for this).
    latest: () => one('ORDER BY r.started_at COLLATE "C" DESC, r.finished_at COLLATE "C" DESC NULLS FIRST, r.id COLLATE "C" DESC LIMIT 1', []),
    async recover(at) {
      const { rows } = await guarded(() => pool.query<{ id: string; owner: string }>("SELECT id, owner FROM redeploy_runs WHERE state = 'running'"));
      if (rows.length === 0) return [];
      // This server's own runs cannot be running yet: one found is from a previous life.
      const gone = await ownersGone(pool, [...new Set(rows.map((r) => r.owner).filter((x) => x !== owner))]);
      const ids = rows.filter((r) => r.owner === owner || gone.has(r.owner)).map((r) => r.id);
      if (ids.length === 0) return [];
      return inTransaction(pool, async (c) => {
        const stopped: string[] = [];
        for (const id of ids) {
          // Another server recovering at the same moment may have been first: only ours count.
          const ended = await c.query("UPDATE redeploy_runs SET state = 'interrupted', finished_at = $1 WHERE id = $2 AND state = 'running'", [at, id]);
          if (ended.rowCount !== 1) continue;
          await c.query(FAIL_UNFINISHED, [RUN_STOPPED, at, id]);
          stopped.push(id);
        }
        return stopped;
      });
    },
  };
}
