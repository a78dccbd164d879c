import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/pg-cluster.mjs';
import { INSTANCE_LOCK_SQL, NOTIFY_SQL, notifyParams, openChangeFeed, type FeedEvent } from './notify.js';

/** The change feed on a cluster of its own, since the test restarts it. */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function withClient<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: cluster.url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

describe('the change feed', () => {
  it('hears committed changes only, holds the instance lock, and resyncs after PostgreSQL restarts', async () => {
    const events: FeedEvent[] = [];
    const statuses: string[] = [];
    const feed = await openChangeFeed(cluster.url, { instance: 'server-a', onStatus: (s) => statuses.push(s), firstDelayMs: 50 });
    feed.subscribe((e) => events.push(e));
    try {
      await withClient(async (c) => {
        await c.query('BEGIN');
        await c.query(NOTIFY_SQL, notifyParams({ kind: 'release', site: 'rolled-back' }));
        await c.query('ROLLBACK');
        await c.query('BEGIN');
        await c.query(NOTIFY_SQL, notifyParams({ kind: 'release', site: 'tampa' }));
        await c.query(NOTIFY_SQL, ['clinic_gen', '{"kind":"from-a-newer-server"}']);
        await c.query('COMMIT');
        await c.query(NOTIFY_SQL, notifyParams({ kind: 'cities' }));
      });
      await until(() => events.length >= 2);
      expect(events).toEqual([{ kind: 'release', site: 'tampa' }, { kind: 'cities' }]);

      // Another session cannot take a live server's instance lock; it can take a dead one's.
      const free = (instance: string) => withClient(async (c) => (await c.query(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS ok`, [instance])).rows[0].ok as boolean);
      expect(await free('server-a')).toBe(false);
      expect(await free('server-gone')).toBe(true);

      cluster.restart();
      await until(() => events.some((e) => e.kind === 'resync') && feed.connected(), 20_000);
      expect(statuses).toEqual(['lost', 'reconnected']);
      expect(await free('server-a')).toBe(false);
      await withClient((c) => c.query(NOTIFY_SQL, notifyParams({ kind: 'upload', name: 'logo-0123456789abcdef0123456789abcdef.png' })));
      await until(() => events.at(-1)?.kind === 'upload');
    } finally {
      await feed.close();
    }
    expect(feed.connected()).toBe(false);
    expect(await withClient(async (c) => (await c.query(`SELECT pg_try_advisory_lock(${INSTANCE_LOCK_SQL}) AS ok`, ['server-a'])).rows[0].ok)).toBe(true);
  });
});
