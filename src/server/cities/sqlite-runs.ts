import type Database from 'better-sqlite3';
import { RUN_COLUMNS, toRollback, toRun, type ItemRow, type RollbackRow, type RunRow } from './rows.js';
import { RUN_STOPPED, type ItemPatch, type NewRun, type RedeployStore, type RunRecord } from './types.js';

const FAIL_UNFINISHED = "UPDATE redeploy_items SET state = 'failed', error = ?, finished_at = ? WHERE run_id = ? AND state IN ('pending', 'deploying')";
const END_RUN = 'UPDATE redeploy_runs SET state = ?, finished_at = ? WHERE id = ?';

/**
 * Every run left `running` by a process that is gone becomes `interrupted`, its unfinished items
 * failed (RUN_STOPPED); the store calls it on opening the file. Returns those runs' ids.
 */
export function recoverRuns(db: Database.Database, at: string): string[] {
  return db
    .transaction(() => {
      const ids = db.prepare<[], { id: string }>("SELECT id FROM redeploy_runs WHERE state = 'running'").all().map((r) => r.id);
      for (const id of ids) {
        db.prepare(FAIL_UNFINISHED).run(RUN_STOPPED, at, id);
        db.prepare(END_RUN).run('interrupted', at, id);
      }
      return ids;
    })
    .immediate();
}

/**
 * Redeploy-all runs in SQLite. A run's progress is a few writes per city; with the connection's
 * synchronous=FULL each would wait for an fsync on the event loop (5 ms each on a slow disk, a
 * second for a hundred cities). Progress is written with synchronous=NORMAL instead: in WAL mode a
 * commit then survives the process being killed (kill -9, a crash), and only a power cut can lose
 * the last few marks, which start-up then reports as an interrupted run. The truth of what is
 * live is on disk anyway (the release store switches atomically).
 */
export function createRedeployStore(db: Database.Database): RedeployStore {
  const running = db.prepare<[], RunRow>(`SELECT ${RUN_COLUMNS} FROM redeploy_runs WHERE state = 'running' ORDER BY started_at DESC LIMIT 1`);
  const runById = db.prepare<[string], RunRow>(`SELECT ${RUN_COLUMNS} FROM redeploy_runs WHERE id = ?`);
  const newestRuns = db.prepare<[number], RunRow>(`SELECT ${RUN_COLUMNS} FROM redeploy_runs ORDER BY started_at DESC, rowid DESC LIMIT ?`);
  const insertRollback = db.prepare('INSERT INTO site_rollbacks (site, release_id, at, by_label) VALUES (?, ?, ?, ?)');
  const rollbacksOf = db.prepare<[string], RollbackRow>('SELECT site, release_id, at, by_label FROM site_rollbacks WHERE site = ? ORDER BY at DESC, rowid DESC');
  const itemsOf = db.prepare<[string], ItemRow>(
    'SELECT slug, city, state, config_version, release_id, error, finished_at FROM redeploy_items WHERE run_id = ? ORDER BY seq',
  );
  const insertRun = db.prepare("INSERT INTO redeploy_runs (id, started_at, state, skipped, started_by, started_by_id) VALUES (?, ?, 'running', ?, ?, ?)");
  const insertItem = db.prepare("INSERT INTO redeploy_items (run_id, seq, slug, city, state, config_version) VALUES (?, ?, ?, ?, 'pending', ?)");
  const patchItem = db.prepare(
    `UPDATE redeploy_items SET state = @state, config_version = coalesce(@configVersion, config_version),
            release_id = coalesce(@releaseId, release_id), error = @error, finished_at = @finishedAt
      WHERE run_id = @runId AND slug = @slug`,
  );
  const failUnfinished = db.prepare(FAIL_UNFINISHED);
  const endRun = db.prepare(END_RUN);

  const record = (r: RunRow): RunRecord => toRun(r, itemsOf.all(r.id));

  /** Runs `work` in a transaction committed without waiting for the disk (see above). */
  const relaxed = <A extends unknown[], R>(work: (...args: A) => R) => {
    const tx = db.transaction(work);
    return (...args: A): R => {
      const before = db.pragma('synchronous', { simple: true }) as number;
      db.pragma('synchronous = NORMAL');
      try {
        return tx.immediate(...args);
      } finally {
        db.pragma(`synchronous = ${before}`);
      }
    };
  };

  const create = db.transaction((run: NewRun) => {
    const busy = running.get();
    if (busy) return { ok: false as const, running: record(busy) };
    insertRun.run(run.id, run.startedAt, JSON.stringify(run.skipped ?? []), run.startedBy?.label ?? '', run.startedBy?.id ?? '');
    run.items.forEach((item, seq) => insertItem.run(run.id, seq, item.slug, item.city, item.configVersion ?? null));
    return { ok: true as const, run: record(runById.get(run.id)!) };
  });
  const update = relaxed((runId: string, slug: string, p: ItemPatch) => {
    patchItem.run({ runId, slug, state: p.state, configVersion: p.configVersion ?? null, releaseId: p.releaseId ?? null, error: p.error ?? null, finishedAt: p.finishedAt ?? null });
  });
  const finish = relaxed((runId: string, state: 'done' | 'interrupted', at: string) => {
    if (state === 'interrupted') failUnfinished.run(RUN_STOPPED, at, runId);
    endRun.run(state, at, runId);
  });

  return {
    create: async (run) => create.immediate(run),
    update: async (runId, slug, patch) => update(runId, slug, patch),
    finish: async (runId, state, at) => finish(runId, state, at),
    get: async (id) => {
      const r = runById.get(id);
      return r && record(r);
    },
    latest: async () => {
      const r = newestRuns.get(1);
      return r && record(r);
    },
    list: async (limit) => newestRuns.all(limit).map(record),
    recordRollback: async (r) => {
      insertRollback.run(r.site, r.releaseId, r.at, r.by);
    },
    rollbacks: async (site) => rollbacksOf.all(site).map(toRollback),
    recover: async (at) => recoverRuns(db, at),
  };
}
