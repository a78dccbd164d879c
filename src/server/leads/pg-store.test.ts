import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/pg-cluster.mjs';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { numberedMessage } from '../../../test/helpers/server-app.js';
import type { AddResult, NewMessage } from './store.js';
import { createPool, migratePg, StoreUnavailableError } from '../pg/connect.js';
import { createPgMessageStore } from './pg-store.js';
import { createPgOutboxStore } from '../mail/pg-outbox.js';

// What only PostgreSQL has to show: several servers on one database, and a database that goes
// away. The behaviours every store shares are in ../message-store.contract.test.ts.

const msg = (n: number, extra: Partial<NewMessage> = {}): NewMessage => ({ ...numberedMessage(n), firstName: 'Ana', message: `Message number ${n}`, ...extra });
const idOf = (r: AddResult) => ('id' in r ? r.id : undefined);
const count = async (pool: pg.Pool, table: 'messages' | 'outbox') => (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n;

describe('PostgreSQL message store, several servers on one database', () => {
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  /** The second server's pool. */
  let other: pg.Pool;
  beforeAll(async () => {
    db = await migratedDatabase();
    other = createPool(db.url, { size: 5 });
  });
  afterEach(async () => {
    await db.pool.query('TRUNCATE outbox, message_notes, message_search, messages RESTART IDENTITY');
  });
  afterAll(async () => {
    await other?.end();
    await db?.drop();
  });

  it('stores one row when two servers get the same Idempotency-Key at once, even in opposite orders', async () => {
    const a = createPgMessageStore(db.pool, { notify: true });
    const b = createPgMessageStore(other, { notify: true });
    const keys = Array.from({ length: 10 }, (_, i) => `key-same-${String(i).padStart(4, '0')}`);
    // A short pause a row keeps both statements running at once: each holds keys the other wants
    // next, a deadlock PostgreSQL breaks by cancelling one, which the store then runs again.
    await db.pool.query(`CREATE FUNCTION pause() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.01); RETURN NEW; END $$`);
    await db.pool.query('CREATE TRIGGER pause BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION pause()');
    let fromA: AddResult[];
    let fromB: AddResult[];
    try {
      // Each server gets its batch in one turn: one statement each, taking the keys in opposite orders.
      [fromA, fromB] = await Promise.all([
        Promise.all(keys.map((k, i) => a.add(msg(i), k))),
        Promise.all([...keys].reverse().map((k, i) => b.add(msg(keys.length - 1 - i), k))).then((r) => r.reverse()),
      ]);
    } finally {
      await db.pool.query('DROP TRIGGER pause ON messages; DROP FUNCTION pause()');
    }
    keys.forEach((_, i) => {
      const answers = [fromA[i]!, fromB[i]!];
      expect(idOf(answers[0]!)).toEqual(expect.any(String));
      expect(idOf(answers[1]!)).toBe(idOf(answers[0]!));
      expect(answers.filter((r) => 'duplicate' in r && !r.duplicate)).toHaveLength(1);
    });
    expect(await count(db.pool, 'messages')).toBe(keys.length);
    expect(await count(db.pool, 'outbox')).toBe(keys.length);
  });

  it('stores one of two different messages sent under one key to two servers, and reports the other as a conflict', async () => {
    const a = createPgMessageStore(db.pool, { notify: false });
    const b = createPgMessageStore(other, { notify: false });
    const keys = Array.from({ length: 30 }, (_, i) => `key-diff-${String(i).padStart(4, '0')}`);
    const [fromA, fromB] = await Promise.all([Promise.all(keys.map((k, i) => a.add(msg(i), k))), Promise.all(keys.map((k, i) => b.add(msg(i, { message: 'another text' }), k)))]);
    const stored = new Map((await db.pool.query<{ idempotency_key: string; public_id: string; message: string }>('SELECT idempotency_key, public_id, message FROM messages')).rows.map((r) => [r.idempotency_key, r]));
    expect(stored.size).toBe(keys.length);
    keys.forEach((k, i) => {
      const row = stored.get(k)!;
      const [winner, loser] = row.message === 'another text' ? [fromB[i]!, fromA[i]!] : [fromA[i]!, fromB[i]!];
      expect(winner).toEqual({ id: row.public_id, duplicate: false });
      expect(loser).toEqual({ conflict: true });
    });
  });

  it('lets two servers claim due notifications at once, each claimed exactly once', async () => {
    const store = createPgMessageStore(db.pool, { notify: true });
    await Promise.all(Array.from({ length: 150 }, (_, i) => store.add(msg(i))));
    const now = Date.now() + 1000;
    const worker = async (outbox: ReturnType<typeof createPgOutboxStore>) => {
      const claimed: number[] = [];
      for (let round = 0; round < 100; round++) {
        const items = await outbox.claimDue(now, 7, 60_000);
        if (!items.length) break;
        claimed.push(...items.map((i) => i.id));
      }
      return claimed;
    };
    const [a, b] = await Promise.all([worker(createPgOutboxStore(db.pool)), worker(createPgOutboxStore(other))]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.length + b.length).toBe(150);
    expect(new Set([...a, ...b]).size).toBe(150);
  });

  it('fails only the row PostgreSQL refuses, and stores the rest of its batch', async () => {
    const store = createPgMessageStore(db.pool, { notify: true });
    // A NUL character is valid in a JavaScript string and in SQLite, never in PostgreSQL text.
    const answers = await Promise.allSettled([store.add(msg(1)), store.add(msg(2, { message: 'nul \u0000 inside' })), store.add(msg(3), 'key-after-bad-row')]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(StoreUnavailableError);
    expect((await store.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana3@example.com', 'ana1@example.com']);
    expect(await count(db.pool, 'outbox')).toBe(2);
  });

  it('rejects every item of a batch whose connection is cut, storing none, and works on afterwards', async () => {
    const store = createPgMessageStore(db.pool, { notify: true });
    // Holds the batch's statement open long enough to cut its connection from outside.
    await db.pool.query(`CREATE FUNCTION slow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'slow@example.com' THEN PERFORM pg_sleep(5); END IF; RETURN NEW; END $$`);
    await db.pool.query('CREATE TRIGGER slow BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION slow()');
    try {
      const batch = Promise.allSettled([store.add(msg(1)), store.add(msg(2, { email: 'slow@example.com' })), store.add(msg(3), 'key-cut-0001')]);
      let cut = 0;
      for (let i = 0; i < 100 && cut === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const res = await other.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event = 'PgSleep'`,
        );
        cut = res.rowCount ?? 0;
      }
      expect(cut).toBe(1);
      const answers = await batch;
      expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
      for (const a of answers) expect((a as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      expect(await count(db.pool, 'messages')).toBe(0);
      expect(await count(db.pool, 'outbox')).toBe(0);
    } finally {
      await db.pool.query('DROP TRIGGER slow ON messages; DROP FUNCTION slow()');
    }
    expect(await store.add(msg(3), 'key-cut-0001')).toEqual({ id: expect.any(String), duplicate: false });
    expect(await count(db.pool, 'outbox')).toBe(1);
  });

  it('answers the committed items of a batch whose key lookup loses its connection, and rejects only the unresolved ones', async () => {
    const plain = createPgMessageStore(db.pool, { notify: true });
    const first = await plain.add(msg(1), 'key-lookup-old');
    // The store's second statement of a batch (reading the keys taken before) is held by a lock on
    // the table and its connection cut while it waits: the batch's INSERT has committed by then.
    let cut = 0;
    const cutting = new Proxy(db.pool, {
      get(target, prop) {
        if (prop !== 'query') return Reflect.get(target, prop, target);
        return async (sql: string, params?: unknown[]) => {
          if (!sql.startsWith('SELECT idempotency_key')) return target.query(sql, params);
          const locker = await other.connect();
          try {
            await locker.query('BEGIN');
            await locker.query('LOCK TABLE messages IN ACCESS EXCLUSIVE MODE');
            const lookup = target.query(sql, params);
            lookup.catch(() => undefined);
            for (let i = 0; i < 100 && cut === 0; i++) {
              await new Promise((r) => setTimeout(r, 20));
              const res = await other.query(
                `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'SELECT idempotency_key%'`,
              );
              cut = res.rowCount ?? 0;
            }
            return await lookup;
          } finally {
            await locker.query('ROLLBACK');
            locker.release();
          }
        };
      },
    });
    const store = createPgMessageStore(cutting, { notify: true });
    const answers = await Promise.allSettled([
      store.add(msg(2)),
      store.add(msg(3), 'key-lookup-new'),
      store.add(msg(1), 'key-lookup-old'),
      store.add(msg(3), 'key-lookup-new'),
    ]);
    expect(cut).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const [noKey, newKey, , repeat] = answers.map((a) => (a.status === 'fulfilled' ? a.value : undefined));
    expect(noKey).toEqual({ id: expect.any(String), duplicate: false });
    expect(newKey).toEqual({ id: expect.any(String), duplicate: false });
    expect(repeat).toEqual({ id: idOf(newKey!), duplicate: true });
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);

    // What was answered "stored" is stored once, with its notification; the rejected retry finds its row.
    const rows = (await db.pool.query<{ public_id: string }>('SELECT public_id FROM messages ORDER BY id')).rows.map((r) => r.public_id);
    expect(rows).toEqual([idOf(first), idOf(noKey!), idOf(newKey!)]);
    expect(await count(db.pool, 'outbox')).toBe(3);
    expect(await plain.add(msg(1), 'key-lookup-old')).toEqual({ id: idOf(first), duplicate: true });
    expect(await plain.add(msg(3), 'key-lookup-new')).toEqual({ id: idOf(newKey!), duplicate: true });
    expect(await count(db.pool, 'messages')).toBe(3);
  });

  it('flush waits for the queued messages to be committed', async () => {
    const store = createPgMessageStore(db.pool, { notify: false });
    const settled: string[] = [];
    for (const n of [1, 2, 3]) void store.add(msg(n)).then((r) => settled.push(idOf(r)!));
    await store.flush();
    expect(settled).toHaveLength(3);
    expect(await count(db.pool, 'messages')).toBe(3);
    await store.flush();
  });
});

describe('PostgreSQL message store, when the database goes away', () => {
  let cluster: Cluster | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    // fsync on, as in production: this cluster also measures what a commit costs for real.
    cluster = await startCluster({ fsync: true, maxConnections: 30 });
    pool = createPool(cluster.url, { size: 10, connectTimeoutMs: 2_000 });
    await migratePg(pool, 'test cluster');
  });
  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    cluster?.stop();
  });

  it('stores every message of many concurrent callers once, with synchronous_commit on', async () => {
    const store = createPgMessageStore(pool!, { notify: true });
    const settings = await pool!.query<{ sc: string; fsync: string }>("SELECT current_setting('synchronous_commit') AS sc, current_setting('fsync') AS fsync");
    expect(settings.rows[0]).toEqual({ sc: 'on', fsync: 'on' });
    const callers = 200;
    const each = 15;
    const started = performance.now();
    const ids = (
      await Promise.all(
        Array.from({ length: callers }, async (_, c) => {
          const mine: string[] = [];
          for (let i = 0; i < each; i++) mine.push(idOf(await store.add(msg(c * each + i), i % 3 ? undefined : `key-rate-${c}-${i}`))!);
          return mine;
        }),
      )
    ).flat();
    const seconds = (performance.now() - started) / 1000;
    console.info(`PostgreSQL message store: ${ids.length} adds from ${callers} callers in ${seconds.toFixed(2)} s = ${Math.round(ids.length / seconds)} adds/s (fsync and synchronous_commit on)`);
    expect(new Set(ids).size).toBe(callers * each);
    expect(await count(pool!, 'messages')).toBe(callers * each);
    expect(await count(pool!, 'outbox')).toBe(callers * each);
  });

  it('rejects with StoreUnavailableError while the server is down, and works again on the same pool once it is back', async () => {
    const store = createPgMessageStore(pool!, { notify: true });
    const outbox = createPgOutboxStore(pool!);
    const before = await count(pool!, 'messages');
    expect(await store.add(msg(1), 'key-down-0001')).toEqual({ id: expect.any(String), duplicate: false });

    cluster!.kill();
    await expect(store.add(msg(2), 'key-down-0002')).rejects.toBeInstanceOf(StoreUnavailableError);
    const [x, y] = await Promise.allSettled([store.add(msg(3)), store.add(msg(4))]);
    expect((x as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    expect((y as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    await expect(store.list(1, 10)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(outbox.claimDue(Date.now(), 10, 60_000)).rejects.toBeInstanceOf(StoreUnavailableError);

    cluster!.start();
    const again = await store.add(msg(2), 'key-down-0002');
    expect(again).toEqual({ id: expect.any(String), duplicate: false });
    // The message acknowledged before the stop survived it; the rejected ones were never stored.
    expect(await store.add(msg(1), 'key-down-0001')).toEqual({ id: expect.any(String), duplicate: true });
    expect(await count(pool!, 'messages')).toBe(before + 2);
  });
});

describe('PostgreSQL migration 16 (issue 40)', () => {
  it('gives every message stored before it the language of the English pages, and reads it back', async () => {
    const { freshDatabase } = await import('../../../test/helpers/pg.js');
    const { PG_MIGRATIONS } = await import('../pg/schema.js');
    const fresh = await freshDatabase();
    const pool = createPool(fresh.url, { size: 2 });
    try {
      await migratePg(pool, fresh.name, PG_MIGRATIONS.filter((m) => m.version < 16));
      // A row as the release before wrote it (no language column yet).
      await pool.query(
        `INSERT INTO messages (public_id, received_at, site, city, page, origin, first_name, last_name, email, phone, service, message)
         VALUES ('old-1', '2025-01-01T00:00:01.000Z', 'tampa', 'Tampa', 'contact/', 'https://tampa.example.com', 'Ana', 'Núñez', 'ana1@example.com', '', '', 'Message number 1')`,
      );
      expect(await migratePg(pool, fresh.name)).toEqual([16]);
      expect((await pool.query('SELECT language FROM messages')).rows).toEqual([{ language: 'en' }]);
      const after = createPgMessageStore(pool, { notify: false });
      await after.add(msg(2, { language: 'es' }));
      await after.flush();
      expect((await after.list(1, 10)).messages.map((m) => [m.email, m.language])).toEqual([
        ['ana2@example.com', 'es'],
        ['ana1@example.com', 'en'],
      ]);
    } finally {
      await pool.end();
      await fresh.drop();
    }
  });
});
