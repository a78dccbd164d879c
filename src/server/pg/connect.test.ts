import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/pg-cluster.mjs';
import { freshDatabase } from '../../../test/helpers/pg.js';
import { ROOT } from '../../../test/helpers/site.js';
import { createPool, migratePg, PgMigrationError, PgSchemaTooNewError, redactUrl } from './connect.js';
import { PG_MIGRATIONS } from './schema.js';

/** Migrations on a real PostgreSQL: once for servers starting together, all or nothing each. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function database() {
  const db = await freshDatabase();
  const pools = [createPool(db.url, { size: 2 }), createPool(db.url, { size: 2 }), createPool(db.url, { size: 2 })];
  cleanups.push(async () => {
    for (const p of pools) await p.end();
    await db.drop();
  });
  return { ...db, pools };
}

const tables = async (pool: ReturnType<typeof createPool>) =>
  (await pool.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map((r) => r.t);

describe('PostgreSQL migrations', () => {
  it('run once when three servers start at the same moment', async () => {
    const { pools, name } = await database();
    const applied = await Promise.all(pools.map((p) => migratePg(p, name)));
    expect(applied.flat()).toEqual(PG_MIGRATIONS.map((m) => m.version));
    expect(applied.filter((a) => a.length === 0)).toHaveLength(2);
    expect(await tables(pools[0]!)).toContain('messages');
    // A later start finds nothing to do.
    expect(await migratePg(pools[1]!, name)).toEqual([]);
  });

  it('stop on a failed migration with its number and reason, and leave nothing of it behind', async () => {
    const { pools, name } = await database();
    const next = PG_MIGRATIONS.length + 1;
    const broken = [
      ...PG_MIGRATIONS,
      { version: next, name: 'a table, then a mistake', sql: 'CREATE TABLE half_done (x int); SELECT no_such_column FROM messages;' },
    ];
    const failure = await migratePg(pools[0]!, name, broken).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(PgMigrationError);
    expect(String((failure as Error).message)).toMatch(new RegExp(`^migration ${next} \\(a table, then a mistake\\) failed, nothing of it was applied: column "no_such_column" does not exist`));
    expect(await tables(pools[0]!)).not.toContain('half_done');
    expect((await pools[0]!.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version })));
    // The lock was given back: another server migrates (to the good version) at once.
    expect(await migratePg(pools[1]!, name)).toEqual([]);
  });

  it('refuse a database migrated by a newer clinic-gen', async () => {
    const { pools, name } = await database();
    await migratePg(pools[0]!, name);
    await pools[0]!.query("INSERT INTO schema_migrations (version, name) VALUES (99, 'from the future')");
    await expect(migratePg(pools[1]!, name)).rejects.toBeInstanceOf(PgSchemaTooNewError);
  });

  it('open at most the pool size of connections (DATABASE_POOL_SIZE), however many queries wait', async () => {
    const { url } = await database();
    const pool = createPool(url, { size: 3, applicationName: 'clinic-gen-size-test' });
    const watcher = createPool(url, { size: 1 });
    cleanups.unshift(async () => {
      await pool.end();
      await watcher.end();
    });
    const busy = Promise.all(Array.from({ length: 20 }, () => pool.query('SELECT pg_sleep(0.05)')));
    let most = 0;
    for (let i = 0; i < 10; i++) {
      const { rows } = await watcher.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'clinic-gen-size-test'");
      most = Math.max(most, rows[0]!.n);
      await new Promise((r) => setTimeout(r, 20));
    }
    await busy;
    expect(most).toBe(3);
  });

  it('name the database without its password', () => {
    expect(redactUrl('postgres://clinic:s3cret@db.internal:5432/clinic')).toBe('postgres://clinic:***@db.internal:5432/clinic');
    expect(redactUrl('postgres://db.internal/clinic')).toBe('postgres://db.internal/clinic');
    expect(redactUrl('postgres://db.internal/clinic?sslmode=require&password=s3cret')).toBe('postgres://db.internal/clinic?sslmode=require&password=***');
  });
});

describe('clinic-gen serve with a PostgreSQL it cannot reach', () => {
  it('exits 1 and names the database, never its password', async () => {
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'clinic-pg-down-'));
    try {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'serve', '--config', join(ROOT, 'configs/tampa.yaml'), '--port', '0', '--data', data, '--no-samples'], {
        // A group's servers are given their data key (without one the server stops before the database).
        env: { PATH: process.env.PATH, DATABASE_URL: `postgres://clinic:s3cret-pass@127.0.0.1:${port}/clinic`, DATA_KEY: randomBytes(32).toString('base64') },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(r.status).toBe(1);
      const said = r.stdout + r.stderr;
      expect(said).toContain(`The PostgreSQL database postgres://clinic:***@127.0.0.1:${port}/clinic cannot be used`);
      expect(said).toContain('ECONNREFUSED');
      expect(said).not.toContain('s3cret-pass');
      // Without the group's data key it stops before the database, and still never shows the password.
      const keyless = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'serve', '--config', join(ROOT, 'configs/tampa.yaml'), '--port', '0', '--data', data, '--no-samples'], {
        env: { PATH: process.env.PATH, DATABASE_URL: `postgres://clinic:s3cret-pass@127.0.0.1:${port}/clinic`, XDG_CONFIG_HOME: join(data, '.config') },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(keyless.status).toBe(1);
      expect(keyless.stdout + keyless.stderr).toContain('DATA_KEY: required with DATABASE_URL');
      expect(keyless.stdout + keyless.stderr).not.toContain('s3cret-pass');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
