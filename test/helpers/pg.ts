import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the PostgreSQL tests use (test/helpers/pg-global-setup.ts sets it when not given). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its global setup starts PostgreSQL)');
  return url;
}

/** A URL naming another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A new, empty database on the test server, and a way to drop it (closing what still uses it). */
export async function freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const server = testServerUrl();
  const name = `cg_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(server, name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A fresh database with the clinic-gen schema and a pool on it: what a PostgreSQL store test needs.
 * `drop()` ends the pool and drops the database.
 */
export async function migratedDatabase(poolSize = 5): Promise<{ url: string; pool: pg.Pool; drop(): Promise<void> }> {
  const { createPool, migratePg } = await import('../../src/server/pg/connect.js');
  const db = await freshDatabase();
  const pool = createPool(db.url, { size: poolSize });
  await migratePg(pool, db.name);
  return {
    url: db.url,
    pool,
    async drop() {
      await pool.end();
      await db.drop();
    },
  };
}
