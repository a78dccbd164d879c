import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/pg-cluster.mjs';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { createPool, migratePg, StoreUnavailableError } from '../pg/connect.js';
import { pgRateCounters } from './pg-store.js';

/**
 * What only the shared counts promise (the common behaviours are in rate-limits/store.contract.test.ts):
 * exact across servers hitting one key at once, idle rows swept, and a database that is down
 * reported as such.
 */
describe('rate counters in PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof migratedDatabase>>;
  beforeAll(async () => {
    db = await migratedDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  // Real clocks, and one clock standing still: ten hits in one millisecond is the hardest case.
  it.each([
    ['real clocks', Date.now],
    ['one millisecond', () => 1_700_000_000_000],
  ])('lets exactly `limit` of many concurrent hits on one key through, spread over two servers (%s)', async (scope, now) => {
    const other = createPool(db.url, { size: 5 });
    try {
      const servers = [pgRateCounters(db.pool, now), pgRateCounters(other, now)].map((c) => c.limiter(scope, { limit: 5 }));
      const verdicts = await Promise.all(Array.from({ length: 10 }, (_, i) => servers[i % 2]!.hit('203.0.113.7')));
      expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
      for (const v of verdicts) if (!v.ok) expect([59, 60]).toContain(v.retryAfterSeconds);
      const { rows } = await db.pool.query('SELECT hits FROM rate_hits WHERE scope = $1', [scope]);
      expect(rows.map((r) => r.hits.length)).toEqual([5]);
      expect((await servers[1]!.peek('203.0.113.7')).ok).toBe(false);
    } finally {
      await other.end();
    }
  });

  it('sweeps the rows of keys idle for a window, and only those', async () => {
    let t = 1_700_000_000_000;
    const limiter = pgRateCounters(db.pool, () => t).limiter('sweep', { limit: 3, windowMs: 60_000 });
    const keys = async () => (await db.pool.query("SELECT key FROM rate_hits WHERE scope = 'sweep' ORDER BY key")).rows.map((r) => r.key);
    await limiter.hit('idle');
    t += 30_000;
    await limiter.hit('busy');
    expect(await keys()).toEqual(['busy', 'idle']);
    t += 30_000;
    await limiter.hit('new');
    // The sweep runs beside the hit, not before it returns: wait for it, within bounds.
    for (let i = 0; i < 100 && (await keys()).includes('idle'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await keys()).toEqual(['busy', 'new']);
  });
});

describe('rate counters when the database is down', () => {
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop());

  it('throws StoreUnavailableError from hit and peek', async () => {
    cluster = await startCluster();
    const pool = createPool(cluster.url, { size: 2, connectTimeoutMs: 2_000 });
    try {
      await migratePg(pool, 'rate counters test');
      const limiter = pgRateCounters(pool).limiter('contact', { limit: 5 });
      expect(await limiter.hit('a')).toEqual({ ok: true });
      cluster.kill();
      await expect(limiter.hit('a')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(limiter.peek('a')).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await pool.end();
    }
  });
});
