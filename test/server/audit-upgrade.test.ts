import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresBin } from '../../scripts/pg-cluster.mjs';
import { createPgAuditStore, createSqliteAuditStore, verifyTrail, type AuditStore } from '../../src/server/audit/index.js';
import { recordMac, type AuditEntry } from '../../src/server/audit/store.js';
import { createPool, migratePg } from '../../src/server/pg/connect.js';
import { PG_MIGRATIONS } from '../../src/server/pg/schema.js';
import { migrate, MIGRATIONS } from '../../src/server/sqlite/migrations.js';
import { freshDatabase } from '../helpers/pg.js';
import { ROOT } from '../helpers/site.js';

/**
 * The audit trail's sequence rule (SQLite's migration 14, PostgreSQL's 11; issue 38 item 5) on
 * stores that exist: release d4b66c2's data upgrades cleanly, and a store whose trail already holds
 * records numbered 0, -1 or past a gap keeps every row; `audit verify` names them, and from then on
 * the schema refuses such a record.
 */
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2');
const key = Buffer.alloc(32, 9);
const entry = (i: number): AuditEntry => ({ at: `2026-12-01T10:00:0${i}.000Z`, actorId: 'acc-1', actorLabel: 'olivia@clinic.example', address: '127.0.0.1', action: 'message.read', object: `message=m${i}`, city: 'tampa', outcome: 200 });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Records 1 to 5 chained under the key, then three a writer of the database added: -1, 0 and 8 (past a gap). */
function legacyRows(): [number, AuditEntry, string][] {
  const rows: [number, AuditEntry, string][] = [];
  let previous = '';
  for (let seq = 1; seq <= 5; seq++) {
    previous = recordMac(key, previous, seq, entry(seq));
    rows.push([seq, entry(seq), previous]);
  }
  for (const seq of [-1, 0, 8]) rows.push([seq, { ...entry(seq), actorLabel: 'fd@example.com', action: 'message.export' }, 'f'.repeat(64)]);
  return rows;
}
const insertSql = (p: (n: number) => string) =>
  `INSERT INTO audit_log (seq, at, actor_id, actor_label, address, action, object, city, outcome, mac) VALUES (${Array.from({ length: 10 }, (_, i) => p(i + 1)).join(', ')})`;
const values = ([seq, e, mac]: [number, AuditEntry, string]) => [seq, e.at, e.actorId, e.actorLabel, e.address, e.action, e.object, e.city, e.outcome, mac];

async function expectLegacyKeptAndNamed(store: AuditStore, count: () => Promise<number>) {
  expect(await count()).toBe(8);
  const v = await verifyTrail(key, store);
  expect(v).toMatchObject({ ok: false, seq: -1, count: 5 });
  expect(!v.ok && v.reason).toContain('record -1 has a sequence below 1');
  expect(!v.ok && v.reason).toContain('records 6 to 7 are missing before record 8');
  // The server's next record is numbered after the highest; one the schema does not take is refused.
  const next = await store.append(entry(9), (previous, seq) => recordMac(key, previous, seq, entry(9)));
  expect(next.seq).toBe(9);
}

describe('the audit sequence migration on SQLite', () => {
  it('keeps a version 13 trail’s out-of-sequence records for verify to name, and refuses new ones', async () => {
    const db = new Database(':memory:');
    cleanups.push(() => void db.close());
    for (const m of MIGRATIONS.filter((m) => m.version <= 13)) db.exec(m.sql);
    db.pragma('user_version = 13');
    const insert = db.prepare(insertSql(() => '?'));
    for (const row of legacyRows()) insert.run(...values(row));
    expect(migrate(db, ':memory:')).toContain(14);
    await expectLegacyKeptAndNamed(createSqliteAuditStore(db), async () => (db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n);
    expect(() => insert.run(...values([0, entry(0), 'f'.repeat(64)]))).toThrow(/is not the next record/);
    db.exec('DROP TRIGGER audit_next_seq');
    expect(() => insert.run(...values([-2, entry(0), 'f'.repeat(64)]))).toThrow(/CHECK constraint failed: audit_seq_from_1/);
    expect(() => insert.run(...values([20, entry(0), 'f'.repeat(64)]))).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('upgrades release d4b66c2’s data folder, whose trail then takes records in sequence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-audit-fixture-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(FIXTURE, 'sqlite-data'), dir, { recursive: true });
    const db = new Database(join(dir, 'clinic.db'));
    cleanups.push(() => void db.close());
    expect(migrate(db, 'clinic.db')).toContain(14);
    const store = createSqliteAuditStore(db);
    for (let i = 1; i <= 3; i++) await store.append(entry(i), (previous, seq) => recordMac(key, previous, seq, entry(i)));
    expect(await verifyTrail(key, store)).toMatchObject({ ok: true, count: 3, head: { seq: 3 } });
    expect(() => db.prepare(insertSql(() => '?')).run(...values([0, entry(0), 'f'.repeat(64)]))).toThrow(/is not the next record/);
  });
});

describe('the audit sequence migration on PostgreSQL', () => {
  async function database(loadFixture = false): Promise<{ pool: pg.Pool; name: string; url: string }> {
    const db = await freshDatabase();
    const pool = createPool(db.url, { size: 2 });
    cleanups.push(async () => {
      await pool.end();
      await db.drop();
    });
    if (loadFixture) {
      const r = spawnSync(join(postgresBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', db.url, '-f', join(FIXTURE, 'postgres.sql')], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
      expect(r.status, r.stderr).toBe(0);
    }
    return { pool, name: db.name, url: db.url };
  }

  it('keeps a version 10 trail’s out-of-sequence records for verify to name, and refuses new ones', async () => {
    const { pool, name } = await database();
    await migratePg(pool, name, PG_MIGRATIONS.filter((m) => m.version <= 10));
    for (const row of legacyRows()) await pool.query(insertSql((n) => `$${n}`), values(row));
    expect(await migratePg(pool, name)).toContain(11);
    await expectLegacyKeptAndNamed(createPgAuditStore(pool), async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_log')).rows[0]!.n));
    await expect(pool.query(insertSql((n) => `$${n}`), values([0, entry(0), 'f'.repeat(64)]))).rejects.toThrow(/is not the next record/);
    await pool.query('DROP TRIGGER audit_next_seq ON audit_log');
    await expect(pool.query(insertSql((n) => `$${n}`), values([-2, entry(0), 'f'.repeat(64)]))).rejects.toThrow(/audit_seq_from_1/);
    await expect(pool.query(insertSql((n) => `$${n}`), values([20, entry(0), 'f'.repeat(64)]))).rejects.toThrow(/audit_follows_previous/);
  });

  it('upgrades release d4b66c2’s database, whose trail then takes records in sequence', async () => {
    const { pool, name } = await database(true);
    expect(await migratePg(pool, name)).toContain(11);
    const store = createPgAuditStore(pool);
    for (let i = 1; i <= 3; i++) await store.append(entry(i), (previous, seq) => recordMac(key, previous, seq, entry(i)));
    expect(await verifyTrail(key, store)).toMatchObject({ ok: true, count: 3, head: { seq: 3 } });
    await expect(pool.query(insertSql((n) => `$${n}`), values([0, entry(0), 'f'.repeat(64)]))).rejects.toThrow(/is not the next record/);
  });
});
