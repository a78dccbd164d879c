import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testServerUrl, withDatabase } from '../../../test/helpers/pg.js';
import { createPool, migratePg, NOTIFY_CHANNEL, StoreUnavailableError } from '../pg/connect.js';
import { INSTANCE_LOCK_SQL } from '../pg/notify.js';
import { createPgCityStore } from './pg-store.js';
import { RUN_STOPPED, type NewVersion } from './types.js';

/**
 * What only several servers on one PostgreSQL can show: each "server" here is a store on a pool
 * of its own (city-store.contract.test.ts has what every store does).
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(() => db.drop());
beforeEach(() => db.pool.query('TRUNCATE cities, city_versions, store_meta, redeploy_runs, redeploy_items'));
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * Another server: its own pool (connections opened ahead, so saves start together) and instance id.
 * `seen` hears each answer of its pool's queries before the server does (and may hold it back).
 */
async function server(owner: string = randomUUID(), seen?: (sql: string, rows: unknown[]) => Promise<void>) {
  const pool = createPool(db.url, { size: 3 });
  closers.push(() => pool.end());
  await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 1')]);
  const watched = !seen
    ? pool
    : (new Proxy(pool, {
        get(target, key) {
          if (key !== 'query') return Reflect.get(target, key, target) as unknown;
          return async (sql: string, params?: unknown[]) => {
            const result = await target.query(sql, params);
            await seen(sql, result.rows);
            return result;
          };
        },
      }) as pg.Pool);
  return createPgCityStore(watched, { owner, ownerGraceMs: 100 });
}

async function client(url = db.url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  closers.push(() => c.end().catch(() => undefined));
  return c;
}

/** What a live server does for as long as it lives (the lead's start-up code): hold its owner lock. */
async function liveServerLock(owner: string) {
  const c = await client();
  await c.query(`SELECT pg_advisory_lock(${INSTANCE_LOCK_SQL})`, [owner]);
  return c;
}

/** A server that is alive: it holds its owner lock, so its running runs block the others. */
async function liveServer(owner: string = randomUUID()) {
  await liveServerLock(owner);
  return server(owner);
}

const version = (slug: string, digest: string): NewVersion => ({ slug, yaml: `city: ${slug}\n# ${digest}\n`, digest, businessName: 'Clinic', city: slug, state: 'FL' });
const items = [
  { slug: 'orlando', city: 'Orlando' },
  { slug: 'tampa', city: 'Tampa' },
];

describe('several servers saving cities', () => {
  it('of two servers saving the same city on the same base at once, one saves and the other is stale', async () => {
    const [a, b] = [await server(), await server()];
    // Two servers creating the same new city: no row to lock yet, one still wins.
    const creates = await Promise.all([a.save(version('tampa', 'a0'), { mode: 'create' }), b.save(version('tampa', 'b0'), { mode: 'create' })]);
    expect(creates.map((r) => r.status).sort()).toEqual(['created', 'exists']);
    for (let round = 1; round <= 8; round++) {
      const results = await Promise.all([
        a.save(version('tampa', `a${round}`), { mode: 'update', baseVersion: round }),
        b.save(version('tampa', `b${round}`), { mode: 'update', baseVersion: round }),
      ]);
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual(['saved', 'stale']);
      expect(results.find((r) => r.status === 'stale')).toEqual({ status: 'stale', latest: round + 1 });
    }
    expect((await a.versions('tampa'))!.map((v) => v.version)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('a save and a delete notify the other servers at commit; a save that stores nothing does not', async () => {
    const store = await server();
    const listener = await client();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(`${n.channel} ${n.payload}`));
    await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);

    await store.save(version('tampa', 'a'), { mode: 'create' });
    await store.save(version('tampa', 'a'), { mode: 'update' }); // unchanged
    await store.save(version('tampa', 'b'), { mode: 'update', baseVersion: 7 }); // stale
    await store.save(version('tampa', 'b'), { mode: 'update', baseVersion: 1 });
    await store.remove('tampa', true);
    await store.remove('tampa', true); // already deleted
    // Notifications arrive in commit order: once the marker is in, everything before it is.
    await db.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, 'marker']);
    for (let i = 0; i < 200 && !heard.includes(`${NOTIFY_CHANNEL} marker`); i++) await new Promise((r) => setTimeout(r, 25));
    const cities = `${NOTIFY_CHANNEL} ${JSON.stringify({ kind: 'cities' })}`;
    expect(heard).toEqual([cities, cities, cities, `${NOTIFY_CHANNEL} marker`]);
  });

  it('lists slugs in byte order on a database whose collation is a language’s', async () => {
    const name = `cg_icu_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = await client(testServerUrl());
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE 'C' LOCALE_PROVIDER icu ICU_LOCALE 'en-US-u-ka-shifted'`);
    closers.push(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const pool = createPool(withDatabase(testServerUrl(), name), { size: 2 });
    closers.push(() => pool.end());
    await migratePg(pool, name);
    // The database itself sorts punctuation away (as glibc's en_US does): 'wesleyan' before 'wesley-chapel'.
    const sorted = await pool.query<{ s: string }>("SELECT s FROM unnest(ARRAY['wesley-chapel', 'wesleyan']) AS s ORDER BY s");
    expect(sorted.rows.map((r) => r.s)).toEqual(['wesleyan', 'wesley-chapel']);
    const store = createPgCityStore(pool, { owner: randomUUID() });
    for (const slug of ['wesleyan', 'wesley-chapel']) await store.save(version(slug, 'a'), { mode: 'create' });
    expect((await store.list()).map((c) => c.slug)).toEqual(['wesley-chapel', 'wesleyan']);
  });
});

describe('redeploy runs across servers', () => {
  it('a run started on one server blocks a start on another until it finishes; of two starts at once one runs', async () => {
    const [a, b] = [await liveServer(), await liveServer()];
    const first = await a.redeploys.create({ id: 'run-a', startedAt: '2025-03-01T11:00:00.000Z', items });
    expect(first.ok).toBe(true);
    const refused = await b.redeploys.create({ id: 'run-b', startedAt: '2025-03-01T11:00:01.000Z', items: [] });
    expect(refused).toEqual({ ok: false, running: (first as { run: unknown }).run });
    await a.redeploys.finish('run-a', 'done', '2025-03-01T11:02:00.000Z');

    const both = await Promise.all([
      a.redeploys.create({ id: 'run-c', startedAt: '2025-03-01T11:03:00.000Z', items }),
      b.redeploys.create({ id: 'run-d', startedAt: '2025-03-01T11:03:00.000Z', items }),
    ]);
    const won = both.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    const lost = both.find((r) => !r.ok) as { running: { id: string } };
    expect(lost.running.id).toBe((won[0] as { run: { id: string } }).run.id);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM redeploy_runs WHERE state = 'running'")).rows[0].n).toBe(1);
  });

  it('recover on another server leaves a live owner’s run running and interrupts a dead owner’s', async () => {
    const liveOwner = randomUUID();
    const holder = await liveServerLock(liveOwner);
    const live = await server(liveOwner);
    const other = await server();
    const at = '2025-03-01T12:00:00.000Z';

    await live.redeploys.create({ id: 'live-run', startedAt: '2025-03-01T11:00:00.000Z', items });
    await live.redeploys.update('live-run', 'orlando', { state: 'deploying', configVersion: 2 });
    expect(await other.redeploys.recover(at)).toEqual([]);
    expect(await other.redeploys.get('live-run')).toMatchObject({ state: 'running', items: [{ state: 'deploying' }, { state: 'pending' }] });
    // The check gave the live server's lock nothing: it is still the holder's alone.
    expect((await db.pool.query(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS got`, [liveOwner])).rows[0].got).toBe(false);
    await live.redeploys.finish('live-run', 'done', '2025-03-01T11:30:00.000Z');

    // A server that died mid-run (it never held a lock, or its connection went with it).
    const deadOwner = randomUUID();
    const dead = await server(deadOwner);
    await dead.redeploys.create({ id: 'dead-run', startedAt: '2025-03-01T11:40:00.000Z', items });
    await dead.redeploys.update('dead-run', 'orlando', { state: 'ok', configVersion: 2, releaseId: 'r-orlando', finishedAt: '2025-03-01T11:41:00.000Z' });
    await dead.redeploys.update('dead-run', 'tampa', { state: 'deploying', configVersion: 5 });
    const third = await server();
    // Two servers starting at once both look; the run is interrupted once, by one of them.
    const recovered = await Promise.all([other.redeploys.recover(at), third.redeploys.recover(at)]);
    expect(recovered.flat()).toEqual(['dead-run']);
    expect(await other.redeploys.get('dead-run')).toEqual({
      id: 'dead-run',
      state: 'interrupted',
      startedAt: '2025-03-01T11:40:00.000Z',
      finishedAt: at,
      items: [
        { slug: 'orlando', city: 'Orlando', state: 'ok', configVersion: 2, releaseId: 'r-orlando', finishedAt: '2025-03-01T11:41:00.000Z' },
        { slug: 'tampa', city: 'Tampa', state: 'failed', configVersion: 5, error: RUN_STOPPED, finishedAt: at },
      ],
      skipped: [],
    });
    // Asking about the dead owner left its lock free.
    const probe = await client();
    expect((await probe.query(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS got`, [deadOwner])).rows[0].got).toBe(true);
    await probe.query(`SELECT pg_advisory_unlock(${INSTANCE_LOCK_SQL})`, [deadOwner]);

    // The live server dies: its lock goes with its connection, and its run is recovered.
    await live.redeploys.create({ id: 'orphan', startedAt: '2025-03-01T12:10:00.000Z', items });
    await holder.end();
    expect(await other.redeploys.recover('2025-03-01T12:20:00.000Z')).toEqual(['orphan']);
    expect((await other.redeploys.get('orphan'))!.items.map((i) => [i.state, i.error])).toEqual([
      ['failed', RUN_STOPPED],
      ['failed', RUN_STOPPED],
    ]);
    expect((await other.redeploys.create({ id: 'next', startedAt: '2025-03-01T12:30:00.000Z', items })).ok).toBe(true);
  });
});

describe('a run left running by a server that died', () => {
  it('does not block a start on another server: it is interrupted and the new run starts; a live owner’s still blocks', async () => {
    // A dead server: nobody holds its owner lock (its connection went with it).
    const deadOwner = randomUUID();
    const dead = await server(deadOwner);
    await dead.redeploys.create({ id: 'dead-run', startedAt: '2025-03-01T11:00:00.000Z', items });
    await dead.redeploys.update('dead-run', 'orlando', { state: 'ok', configVersion: 2, releaseId: 'r-orlando', finishedAt: '2025-03-01T11:01:00.000Z' });
    await dead.redeploys.update('dead-run', 'tampa', { state: 'deploying', configVersion: 5 });

    const other = await liveServer();
    const before = Date.now();
    const created = await other.redeploys.create({ id: 'next', startedAt: '2025-03-01T12:00:00.000Z', items });
    const after = Date.now();
    expect(created).toEqual({
      ok: true,
      run: { id: 'next', state: 'running', startedAt: '2025-03-01T12:00:00.000Z', items: items.map((i) => ({ ...i, state: 'pending' })), skipped: [] },
    });
    const old = (await other.redeploys.get('dead-run'))!;
    expect(old).toMatchObject({ id: 'dead-run', state: 'interrupted', startedAt: '2025-03-01T11:00:00.000Z' });
    const finishedAt = Date.parse(old.finishedAt!);
    expect(finishedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(finishedAt).toBeLessThanOrEqual(after + 1_000);
    expect(old.items).toEqual([
      { slug: 'orlando', city: 'Orlando', state: 'ok', configVersion: 2, releaseId: 'r-orlando', finishedAt: '2025-03-01T11:01:00.000Z' },
      { slug: 'tampa', city: 'Tampa', state: 'failed', configVersion: 5, error: RUN_STOPPED, finishedAt: old.finishedAt },
    ]);
    expect((await db.pool.query("SELECT id FROM redeploy_runs WHERE state = 'running'")).rows).toEqual([{ id: 'next' }]);
    // Asking about the dead owner left its lock free.
    expect((await db.pool.query(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS got, pg_advisory_unlock(${INSTANCE_LOCK_SQL}) AS gave`, [deadOwner])).rows[0]).toEqual({ got: true, gave: true });

    // The new run's owner is alive: a third server is refused, and the run goes on untouched.
    const third = await server();
    const refused = await third.redeploys.create({ id: 'third', startedAt: '2025-03-01T12:01:00.000Z', items: [] });
    expect(refused).toEqual({ ok: false, running: (created as { run: unknown }).run });
    expect(await third.redeploys.get('next')).toMatchObject({ state: 'running', items: [{ state: 'pending' }, { state: 'pending' }] });
    expect(await third.redeploys.get('third')).toBeUndefined();
  });

  it('of two servers finding the same dead run at once, one interrupts it and one run starts', async () => {
    const dead = await server();
    await dead.redeploys.create({ id: 'dead-run', startedAt: '2025-03-01T11:00:00.000Z', items });
    const [a, b] = [await liveServer(), await liveServer()];
    const both = await Promise.all([
      a.redeploys.create({ id: 'run-a', startedAt: '2025-03-01T12:00:00.000Z', items }),
      b.redeploys.create({ id: 'run-b', startedAt: '2025-03-01T12:00:00.000Z', items }),
    ]);
    const won = both.filter((r) => r.ok) as { run: { id: string } }[];
    expect(won).toHaveLength(1);
    expect((both.find((r) => !r.ok) as { running: { id: string } }).running.id).toBe(won[0]!.run.id);
    expect((await a.redeploys.get('dead-run'))!.items.map((i) => [i.state, i.error])).toEqual([
      ['failed', RUN_STOPPED],
      ['failed', RUN_STOPPED],
    ]);
    expect((await db.pool.query('SELECT id, state FROM redeploy_runs ORDER BY id')).rows).toEqual([
      { id: 'dead-run', state: 'interrupted' },
      { id: won[0]!.run.id, state: 'running' },
    ]);
  });
});

describe('telling a live owner from a dead one', () => {
  it('works whatever the bits of the owner’s lock key: a held lock blocks, a lock let go does not', async () => {
    // pg_locks shows a bigint key as two unsigned halves: cover a negative key and a low half past 2^31.
    const owners = new Map<string, string>();
    for (let i = 0; i < 400 && owners.size < 4; i++) {
      const owner = randomUUID();
      const { rows } = await db.pool.query<{ k: string }>(`SELECT (${INSTANCE_LOCK_SQL})::text AS k`, [owner]);
      const k = BigInt(rows[0]!.k);
      const kind = `${k < 0n ? 'negative' : 'positive'}, low half ${(k & 0xffffffffn) >= 0x80000000n ? 'high' : 'low'}`;
      if (!owners.has(kind)) owners.set(kind, owner);
    }
    expect(owners.size).toBe(4);
    const other = await liveServer();
    for (const [kind, owner] of owners) {
      await db.pool.query('TRUNCATE redeploy_runs, redeploy_items');
      const holder = await liveServerLock(owner);
      const live = await server(owner);
      const run = await live.redeploys.create({ id: 'live-run', startedAt: '2025-03-01T11:00:00.000Z', items });
      expect(await other.redeploys.create({ id: 'next', startedAt: '2025-03-01T11:01:00.000Z', items }), kind).toEqual({ ok: false, running: (run as { run: unknown }).run });
      await holder.end(); // the server dies
      expect(await other.redeploys.create({ id: 'next', startedAt: '2025-03-01T11:02:00.000Z', items }), kind).toMatchObject({ ok: true });
      expect((await other.redeploys.get('live-run'))?.state, kind).toBe('interrupted');
      await other.redeploys.finish('next', 'done', '2025-03-01T11:03:00.000Z');
    }
  });
});

describe('a database that cannot be reached', () => {
  it('answers every call with StoreUnavailableError', async () => {
    const pool = createPool('postgres://postgres@127.0.0.1:1/clinic', { size: 1, connectTimeoutMs: 2_000 });
    closers.push(() => pool.end());
    const store = createPgCityStore(pool, { owner: randomUUID() });
    const calls: [string, () => Promise<unknown>][] = [
      ['list', () => store.list()],
      ['latest', () => store.latest('tampa')],
      ['save', () => store.save(version('tampa', 'a'), { mode: 'create' })],
      ['remove', () => store.remove('tampa', true)],
      ['claimFlag', () => store.claimFlag('k', 'v')],
      ['create', () => store.redeploys.create({ id: 'r', startedAt: '2025-03-01T11:00:00.000Z', items })],
      ['update', () => store.redeploys.update('r', 'tampa', { state: 'ok' })],
      ['latest run', () => store.redeploys.latest()],
      ['recover', () => store.redeploys.recover('2025-03-01T11:00:00.000Z')],
    ];
    for (const [name, call] of calls) await expect(call(), name).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe('a server that looks gone for a moment', () => {
  it('keeps its run when it takes its lock back within the grace (a reconnect), and a run another server interrupted stays interrupted', async () => {
    const owner = randomUUID();
    const first = await server(owner);
    expect((await first.redeploys.create({ id: 'run-first', startedAt: '2026-11-25T10:00:00.000Z', items })).ok).toBe(true);
    // Its listening connection is reconnecting: no lock when the other server first looks, the lock
    // again before it looks a second time. In that order, whatever a loaded machine does to a timer:
    // the lock is taken back as the other server hears the owner is gone, before its grace begins.
    const lock = await client();
    let sawGone = false;
    const other = await server(undefined, async (sql, rows) => {
      if (sawGone || !sql.includes('pg_locks') || (rows[0] as { alive?: boolean } | undefined)?.alive !== false) return;
      sawGone = true;
      await lock.query(`SELECT pg_advisory_lock(${INSTANCE_LOCK_SQL})`, [owner]);
    });
    const asked = other.redeploys.create({ id: 'run-other', startedAt: '2026-11-25T10:00:01.000Z', items });
    expect(await asked).toMatchObject({ ok: false, running: { id: 'run-first', state: 'running' } });
    expect(sawGone).toBe(true);

    // Really gone this time: the other server interrupts the run, and the first's late writes change nothing.
    await lock.end();
    expect(await other.redeploys.create({ id: 'run-other', startedAt: '2026-11-25T10:00:02.000Z', items })).toMatchObject({ ok: true });
    await first.redeploys.update('run-first', 'tampa', { state: 'ok', finishedAt: '2026-11-25T10:00:03.000Z' });
    await first.redeploys.finish('run-first', 'done', '2026-11-25T10:00:04.000Z');
    const run = await other.redeploys.get('run-first');
    expect(run).toMatchObject({ state: 'interrupted', items: [{ slug: 'orlando', state: 'failed' }, { slug: 'tampa', state: 'failed' }] });
  });
});
