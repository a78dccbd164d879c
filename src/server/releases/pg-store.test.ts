import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../../scripts/pg-cluster.mjs';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import type { SiteBytes } from '../bundle/files.js';
import type { ReleaseStore } from './store.js';
import { createPool, migratePg, StoreUnavailableError } from '../pg/connect.js';
import { openChangeFeed, type ChangeFeed, type FeedEvent } from '../pg/notify.js';
import { openPgReleaseStore, type PgReleaseStoreOptions } from './pg-store.js';

/**
 * What only the PostgreSQL release store does: several servers (each its own pool, feed and
 * memory) on one database, and serving from memory while the database is down. What every
 * release store does is in releases/store.contract.test.ts.
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  db = await migratedDatabase();
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await db.pool.query('TRUNCATE live_sites, release_files, releases, blobs');
});
afterAll(() => db?.drop());

/** A feed whose listening connection the test can "lose" (events dropped) and bring back (a resync), as the real one does. */
function unreliable(real: ChangeFeed) {
  const listeners = new Set<(e: FeedEvent) => void>();
  let lost = false;
  real.subscribe((e) => {
    if (!lost) for (const l of listeners) l(e);
  });
  const feed: ChangeFeed = {
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    connected: () => !lost && real.connected(),
    holdsInstanceLock: () => real.holdsInstanceLock(),
    close: () => real.close(),
  };
  return {
    feed,
    lose: () => (lost = true),
    reconnect() {
      lost = false;
      for (const l of listeners) l({ kind: 'resync' });
    },
  };
}

/** One clinic server's release store: its own pool, change feed and memory. */
async function server(o: Partial<PgReleaseStoreOptions> & { url?: string } = {}) {
  const url = o.url ?? db.url;
  const pool = createPool(url, { size: 4, connectTimeoutMs: 1_000 });
  const real = await openChangeFeed(url, { instance: randomUUID(), firstDelayMs: 50 });
  const feed = unreliable(real);
  const changes: string[] = [];
  const store = await openPgReleaseStore(pool, { feed: feed.feed, onChange: (s) => changes.push(s), ...o });
  stops.push(async () => {
    store.close();
    await real.close();
    await pool.end();
  });
  return { store, pool, feed, changes };
}

/**
 * Waits until `check()` holds: how long a change takes to reach another server is a figure of the
 * machine (`npm run bench -- pg`, budget 1 s), so only one that never arrives fails here.
 */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}

const files = (index: string, more: Record<string, string> = {}): SiteBytes =>
  new Map(Object.entries({ 'index.html': index, ...more }).map(([name, body]) => [name, new TextEncoder().encode(body)]));
const page = async (s: ReleaseStore, site: string, name = 'index.html') => {
  const b = await s.readLive(site, name);
  return b && new TextDecoder().decode(b);
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const blobStored = async (text: string) => (await db.pool.query('SELECT 1 FROM blobs WHERE hash = $1', [sha256(text)])).rowCount === 1;

describe('the PostgreSQL release store, two servers on one database', () => {
  it('serves a deploy made on one server from the other', async () => {
    const a = await server();
    const b = await server();
    const deployed = await a.store.deploy('tampa', { files: files('tampa v1'), domainName: 'tampa.example.com' });
    const ms = await until(async () => (await page(b.store, 'tampa')) === 'tampa v1');
    console.log(`a deploy on server A was served by server B after ${ms.toFixed(1)} ms`);
    expect(await b.store.currentId('tampa')).toBe(deployed.ok && deployed.release.id);
    expect(await b.store.list()).toEqual(await a.store.list());
    expect(b.changes).toEqual(['tampa']);

    // A rollback on B is served by A; the files are stored once for both.
    await b.store.deploy('tampa', { files: files('tampa v2') });
    await until(async () => (await page(a.store, 'tampa')) === 'tampa v2');
    await b.store.rollback('tampa');
    await until(async () => (await page(a.store, 'tampa')) === 'tampa v1');
    expect(await a.store.currentId('tampa')).toBe(await b.store.currentId('tampa'));
  });

  it('tries again by itself when a reload fails (its pool busy), without waiting for another notification', async () => {
    const a = await server();
    // B's only connection is held, and a wait for it gives up after 200 ms: B's reload fails.
    const pool = createPool(db.url, { size: 1, connectTimeoutMs: 200 });
    const real = await openChangeFeed(db.url, { instance: randomUUID() });
    const b = await openPgReleaseStore(pool, { feed: real });
    const held = await pool.connect();
    stops.push(async () => {
      b.close();
      await real.close();
      await pool.end();
    });
    await a.store.deploy('tampa', { files: files('tampa v1') });
    await new Promise((r) => setTimeout(r, 400));
    expect(await page(b, 'tampa')).toBeUndefined();
    held.release();
    await until(async () => (await page(b, 'tampa')) === 'tampa v1');
  });

  it('holds a file that several sites share once in memory', async () => {
    const a = await server();
    const b = await server();
    const font = 'wOF2 the same font for every clinic';
    await a.store.deploy('tampa', { files: files('tampa', { 'fonts/brand.woff2': font }) });
    await a.store.deploy('orlando', { files: files('orlando', { 'fonts/brand.woff2': font }) });
    await until(async () => (await page(b.store, 'orlando')) === 'orlando');
    for (const s of [a.store, b.store]) {
      const [one, two] = [await s.readLive('tampa', 'fonts/brand.woff2'), await s.readLive('orlando', 'fonts/brand.woff2')];
      expect(new TextDecoder().decode(one)).toBe(font);
      expect(one).toBe(two);
    }
    expect((await db.pool.query('SELECT count(*)::int AS n FROM blobs WHERE hash = $1', [sha256(font)])).rows[0].n).toBe(1);
  });

  it('takes a site removed on one server offline on the other', async () => {
    const a = await server();
    const b = await server();
    await a.store.deploy('tampa', { files: files('tampa') });
    await a.store.deploy('orlando', { files: files('orlando', { 'only-orlando.css': 'orlando only' }) });
    await until(async () => (await b.store.list()).length === 2);
    expect(await b.store.remove('orlando')).toBe(true);
    await until(async () => (await a.store.currentId('orlando')) === undefined);
    expect(await a.store.readLive('orlando', 'index.html')).toBeUndefined();
    expect((await a.store.list()).map((l) => l.siteName)).toEqual(['tampa']);
    expect(await a.store.releaseIds('orlando')).toEqual([]);
    expect(await a.store.remove('orlando')).toBe(false);
    // Its blobs no release names any more are swept, off the request's path.
    await until(async () => !(await blobStored('orlando only')));
    expect(await blobStored('tampa')).toBe(true);
  });

  it('gives a domain to one of two servers deploying for it at once; the other writes nothing', async () => {
    // Both wait at their switch until both got there, so both passed the early check and the
    // database's unique index decides.
    let arrived = 0;
    const both = async () => {
      arrived++;
      await until(() => arrived === 2);
    };
    const a = await server({ beforeSwitch: both });
    const b = await server({ beforeSwitch: both });
    const results = await Promise.all([
      a.store.deploy('tampa', { files: files('tampa wants it'), domainName: 'bay.example.com' }),
      b.store.deploy('orlando', { files: files('orlando wants it'), domainName: 'BAY.example.com' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [winner, loser, loserText] = results[0]!.ok ? ['tampa', 'orlando', 'orlando wants it'] : ['orlando', 'tampa', 'tampa wants it'];
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`is the domain of the live site ${winner}$`)), domainOwner: winner });
    expect(await a.store.releaseIds(loser)).toEqual([]);
    expect(await blobStored(loserText)).toBe(false);
    for (const s of [a.store, b.store]) {
      await until(async () => (await s.list()).length === 1);
      expect((await s.list()).map((l) => l.siteName)).toEqual([winner]);
    }
  });

  it('leaves the previous release live on every server when a deploy’s connection dies before the switch', async () => {
    let kill = false;
    const a = await server({
      beforeSwitch: async (site) => {
        if (!kill) return;
        // The backend holding the site's lock is the deploying one.
        const { rows } = await db.pool.query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_locks
           WHERE locktype = 'advisory' AND granted AND objsubid = 1
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND ((classid::bigint << 32) | objid::bigint) = hashtextextended('release:' || $1, 0)`,
          [site],
        );
        expect(rows).toEqual([{ done: true }]);
      },
    });
    const b = await server();
    const first = await a.store.deploy('tampa', { files: files('v1') });
    await until(async () => (await page(b.store, 'tampa')) === 'v1');
    kill = true;
    await expect(a.store.deploy('tampa', { files: files('v2 never live') })).rejects.toBeInstanceOf(StoreUnavailableError);
    kill = false;
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [a.store, b.store]) {
      expect(await page(s, 'tampa')).toBe('v1');
      expect(await s.currentId('tampa')).toBe(first.ok && first.release.id);
    }
    expect(await a.store.releaseIds('tampa')).toEqual([first.ok && first.release.id]);
    expect(await blobStored('v2 never live')).toBe(false);
    // The server goes on deploying on a new connection.
    expect(await a.store.deploy('tampa', { files: files('v3') })).toMatchObject({ ok: true });
    await until(async () => (await page(b.store, 'tampa')) === 'v3');
  });

  it('catches up with what it missed while its feed was down when the feed resyncs', async () => {
    const a = await server();
    const b = await server();
    await a.store.deploy('tampa', { files: files('tampa v1') });
    await a.store.deploy('orlando', { files: files('orlando') });
    await until(async () => (await b.store.list()).length === 2);
    b.feed.lose();
    b.changes.length = 0;
    await a.store.deploy('tampa', { files: files('tampa v2') });
    await a.store.remove('orlando');
    await a.store.deploy('ocala', { files: files('ocala') });
    await new Promise((r) => setTimeout(r, 300));
    // Missed: B still serves what it had.
    expect(await page(b.store, 'tampa')).toBe('tampa v1');
    expect(await page(b.store, 'orlando')).toBe('orlando');
    b.feed.reconnect();
    await until(async () => (await page(b.store, 'tampa')) === 'tampa v2' && (await page(b.store, 'ocala')) === 'ocala');
    expect(await b.store.list()).toEqual(await a.store.list());
    expect(await b.store.readLive('orlando', 'index.html')).toBeUndefined();
    expect(b.changes.sort()).toEqual(['ocala', 'orlando', 'tampa']);
  });

  it('ends on the last of many quick changes, whatever order its reloads finish in', async () => {
    const a = await server();
    const b = await server();
    for (let i = 1; i <= 8; i++) await a.store.deploy('tampa', { files: files(`v${i}`) });
    await a.store.rollback('tampa');
    await b.store.deploy('tampa', { files: files('v9 from b') });
    await a.store.rollback('tampa');
    await until(async () => (await b.store.currentId('tampa')) === (await a.store.currentId('tampa')) && (await page(b.store, 'tampa')) === 'v8');
    await new Promise((r) => setTimeout(r, 200));
    expect(await page(a.store, 'tampa')).toBe('v8');
    expect(await page(b.store, 'tampa')).toBe('v8');
  });
});

/**
 * A pool whose next read-only snapshot (a reload of memory) waits at its COMMIT, after it read,
 * until `open()`: a reload that read early and finishes late.
 */
function slowReadPool(pool: pg.Pool) {
  let armed = false;
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const state = { held: false, finished: false };
  const connect = async () => {
    const c = await pool.connect();
    let snapshot = false;
    return new Proxy(c, {
      get(target, key) {
        if (key !== 'query') {
          const v = Reflect.get(target, key) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        }
        return async (text: string, ...rest: unknown[]) => {
          if (typeof text === 'string' && text.includes('REPEATABLE READ READ ONLY')) snapshot = armed;
          if (text === 'COMMIT' && snapshot) {
            armed = snapshot = false;
            state.held = true;
            await gate;
            const r = await target.query(text);
            state.finished = true;
            return r;
          }
          return (target.query as (...a: unknown[]) => unknown)(text, ...rest);
        };
      },
    });
  };
  return { pool: { connect, query: pool.query.bind(pool) } as unknown as pg.Pool, arm: () => (armed = true), open, state };
}

describe('the PostgreSQL release store, reloads racing', () => {
  it('keeps the newest reload’s result when an older one finishes after it', async () => {
    const a = await server();
    const bPool = createPool(db.url, { size: 4 });
    const bFeed = await openChangeFeed(db.url, { instance: randomUUID() });
    const slow = slowReadPool(bPool);
    const b = await openPgReleaseStore(slow.pool, { feed: bFeed });
    stops.push(async () => {
      b.close();
      await bFeed.close();
      await bPool.end();
    });
    slow.arm();
    await a.store.deploy('tampa', { files: files('v1') });
    await until(() => slow.state.held);
    expect(await page(b, 'tampa')).toBeUndefined();
    await a.store.deploy('tampa', { files: files('v2') });
    await until(async () => (await page(b, 'tampa')) === 'v2');
    slow.open();
    await until(() => slow.state.finished);
    await new Promise((r) => setTimeout(r, 50));
    expect(await page(b, 'tampa')).toBe('v2');
    expect(await b.currentId('tampa')).toBe(await a.store.currentId('tampa'));
  });
});

describe('the PostgreSQL release store while the database is down', () => {
  it('serves deployed sites from memory and refuses writes with StoreUnavailableError', async () => {
    const cluster = await startCluster();
    try {
      const setup = new pg.Pool({ connectionString: cluster.url });
      await migratePg(setup, 'releases.test');
      await setup.end();
      const a = await server({ url: cluster.url });
      await a.store.deploy('tampa', { files: files('tampa', { 'style.css': 'body{}' }) });
      // Waits on both sides of the kill, so no transaction holds a connection when it dies:
      // inTransaction (connect.ts) does not yet hear the 'error' event a checked-out connection
      // emits then, and unheard it is an uncaught exception.
      await new Promise((r) => setTimeout(r, 300));
      cluster.kill();
      await new Promise((r) => setTimeout(r, 300));
      expect(await page(a.store, 'tampa')).toBe('tampa');
      expect(await page(a.store, 'tampa', 'style.css')).toBe('body{}');
      expect((await a.store.list()).map((l) => l.siteName)).toEqual(['tampa']);
      expect(await a.store.currentId('tampa')).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/);
      await expect(a.store.deploy('tampa', { files: files('v2') })).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(a.store.history('tampa')).rejects.toBeInstanceOf(StoreUnavailableError);
      // A notification or a resync that cannot read leaves memory as it was.
      a.feed.reconnect();
      await new Promise((r) => setTimeout(r, 300));
      expect(await page(a.store, 'tampa')).toBe('tampa');
    } finally {
      for (const stop of stops.splice(0).reverse()) await stop();
      cluster.stop();
    }
  });
});
