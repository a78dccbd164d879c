import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { migrate } from '../sqlite/migrations.js';
import { createPgCityStore } from './pg-store.js';
import { samplesDir, SAMPLES_FLAG, seedCities } from './seed.js';
import { createSqliteCityStore } from './sqlite-store.js';
import { RUN_STOPPED, type CityStore, type NewVersion } from './types.js';

/**
 * What every city store does, whichever database holds it: each test runs on SQLite and on
 * PostgreSQL (pg-store.test.ts has what only several servers on one PostgreSQL can show).
 */
interface Backend {
  name: string;
  start(): Promise<void>;
  /** An empty store whose clock is `now`. */
  open(now: () => Date): Promise<CityStore>;
  /** After each test. */
  close(): Promise<void>;
  stop(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dbs: Database.Database[] = [];
  return {
    name: 'SQLite',
    start: async () => undefined,
    async open(now) {
      // As memory.ts makes it, kept here to be closed after the test.
      const db = new Database(':memory:');
      db.pragma('foreign_keys = ON');
      migrate(db, ':memory:');
      dbs.push(db);
      return createSqliteCityStore(db, now);
    },
    close: async () => dbs.splice(0).forEach((db) => db.close()),
    stop: async () => undefined,
  };
}

function pgBackend(): Backend {
  let db: Awaited<ReturnType<typeof migratedDatabase>> | undefined;
  return {
    name: 'PostgreSQL',
    async start() {
      db = await migratedDatabase();
    },
    async open(now) {
      await db!.pool.query('TRUNCATE cities, city_versions, store_meta, redeploy_runs, redeploy_items');
      return createPgCityStore(db!.pool, { owner: randomUUID(), now });
    },
    close: async () => undefined,
    stop: async () => db?.drop(),
  };
}

/** A version as save.ts prepares one; the store checks none of it but the digest. */
const version = (slug: string, digest = `digest-of-${slug}`, city = slug): NewVersion => ({
  slug,
  yaml: `# yaml-language-server: $schema=clinic.schema.json\ncity: ${city}\n# ${digest}\n`,
  digest,
  businessName: `${city} Men’s Health`,
  city,
  state: 'FL',
});

describe.each([sqliteBackend(), pgBackend()])('the city store on $name', (backend) => {
  let at = '2025-03-01T10:00:00.000Z';
  let cities: CityStore;
  beforeAll(() => backend.start());
  afterAll(() => backend.stop());
  beforeEach(async () => {
    at = '2025-03-01T10:00:00.000Z';
    cities = await backend.open(() => new Date(at));
  });
  afterEach(() => backend.close());

  describe('cities and their versions', () => {
    it('a new city is version 1, read back whole by every read; an unknown one by none', async () => {
      const tampa = version('tampa');
      expect(await cities.save(tampa, { mode: 'create' })).toEqual({ status: 'created', version: 1, savedAt: at });
      const stored = { ...tampa, version: 1, savedAt: at };
      expect(await cities.latest('tampa')).toEqual(stored);
      expect(await cities.version('tampa', 1)).toEqual(stored);
      expect(await cities.versions('tampa')).toEqual([{ version: 1, savedAt: at }]);
      expect(await cities.list()).toEqual([stored]);
      expect(await cities.findByDigest('tampa', tampa.digest)).toBe(1);
      expect(await cities.exists('tampa')).toBe(true);

      expect(await cities.version('tampa', 2)).toBeUndefined();
      expect(await cities.findByDigest('tampa', 'other')).toBeUndefined();
      expect(await cities.latest('ocala')).toBeUndefined();
      expect(await cities.versions('ocala')).toBeUndefined();
      expect(await cities.exists('ocala')).toBe(false);
    });

    it('refuses to create a city that exists and to update one that does not', async () => {
      await cities.save(version('tampa'), { mode: 'create' });
      expect(await cities.save(version('tampa', 'changed'), { mode: 'create' })).toEqual({ status: 'exists' });
      expect(await cities.save(version('ocala'), { mode: 'update' })).toEqual({ status: 'missing' });
      expect(await cities.save(version('ocala'), { mode: 'update', baseVersion: 1 })).toEqual({ status: 'missing' });
      expect(await cities.exists('ocala')).toBe(false);
      expect(await cities.versions('tampa')).toEqual([{ version: 1, savedAt: at }]);
    });

    it('an update adds a version on the latest; a stale base is refused with the latest; an equal config adds none', async () => {
      const t1 = at;
      await cities.save(version('tampa', 'a'), { mode: 'create' });
      at = '2025-03-01T10:01:00.000Z';
      expect(await cities.save(version('tampa', 'b'), { mode: 'update', baseVersion: 1 })).toEqual({ status: 'saved', version: 2, savedAt: at });
      const t2 = at;
      at = '2025-03-01T10:02:00.000Z';
      expect(await cities.save(version('tampa', 'c'), { mode: 'update', baseVersion: 1 })).toEqual({ status: 'stale', latest: 2 });
      // No base version: whatever is latest.
      expect(await cities.save(version('tampa', 'a'), { mode: 'update' })).toEqual({ status: 'saved', version: 3, savedAt: at });
      const t3 = at;
      at = '2025-03-01T10:03:00.000Z';
      expect(await cities.save(version('tampa', 'a'), { mode: 'update', baseVersion: 3 })).toEqual({ status: 'unchanged', version: 3, savedAt: t3 });
      expect(await cities.save(version('tampa', 'a'), { mode: 'import' })).toEqual({ status: 'unchanged', version: 3, savedAt: t3 });

      expect(await cities.versions('tampa')).toEqual([
        { version: 3, savedAt: t3 },
        { version: 2, savedAt: t2 },
        { version: 1, savedAt: t1 },
      ]);
      expect(await cities.findByDigest('tampa', 'a')).toBe(3);
      expect(await cities.findByDigest('tampa', 'b')).toBe(2);
      expect((await cities.version('tampa', 2))?.digest).toBe('b');
      expect(await cities.latest('tampa')).toMatchObject({ version: 3, digest: 'a', savedAt: t3 });
    });

    it('an import creates the city or adds a version, whichever applies', async () => {
      expect(await cities.save(version('ocala', 'a'), { mode: 'import' })).toEqual({ status: 'created', version: 1, savedAt: at });
      expect(await cities.save(version('ocala', 'b'), { mode: 'import' })).toEqual({ status: 'saved', version: 2, savedAt: at });
    });

    it('lists the latest version of each live city, by slug in byte order', async () => {
      for (const slug of ['wesleyan', 'wesley-chapel', 'tampa', 'a', 'deleted']) await cities.save(version(slug), { mode: 'create' });
      await cities.save(version('tampa', 'newer'), { mode: 'update' });
      await cities.remove('deleted', true);
      const list = await cities.list();
      // '-' sorts before letters byte for byte; a language collation that skips it would not.
      expect(list.map((c) => c.slug)).toEqual(['a', 'tampa', 'wesley-chapel', 'wesleyan']);
      expect(list.find((c) => c.slug === 'tampa')).toMatchObject({ version: 2, digest: 'newer' });
    });

    it('a deleted city is out of every read but exists, and comes back numbered after its old versions', async () => {
      await cities.save(version('orlando', 'a'), { mode: 'create' });
      await cities.save(version('orlando', 'b'), { mode: 'update' });
      expect(await cities.remove('orlando', true)).toBe(true);
      expect(await cities.latest('orlando')).toBeUndefined();
      expect(await cities.version('orlando', 1)).toBeUndefined();
      expect(await cities.versions('orlando')).toBeUndefined();
      expect(await cities.findByDigest('orlando', 'a')).toBeUndefined();
      expect(await cities.list()).toEqual([]);
      expect(await cities.exists('orlando')).toBe(true);
      expect(await cities.remove('orlando', true)).toBe(false);
      expect(await cities.save(version('orlando', 'c'), { mode: 'update' })).toEqual({ status: 'missing' });

      // Back, even with the config it had: a revived city gets a version of its own.
      at = '2025-03-02T09:00:00.000Z';
      expect(await cities.save(version('orlando', 'b'), { mode: 'create' })).toEqual({ status: 'created', version: 3, savedAt: at });
      expect((await cities.versions('orlando'))!.map((v) => v.version)).toEqual([3, 2, 1]);
      expect(await cities.findByDigest('orlando', 'a')).toBe(1);
      expect(await cities.save(version('orlando', 'a'), { mode: 'import' })).toMatchObject({ status: 'saved', version: 4 });
    });

    it('the trash lists deleted cities newest first with their latest version; one comes back whole; old ones are forgotten', async () => {
      await cities.save(version('orlando', 'a'), { mode: 'create' });
      await cities.save(version('orlando', 'b'), { mode: 'update' });
      await cities.save(version('tampa', 't'), { mode: 'create' });
      await cities.remove('orlando', true);
      at = '2025-03-05T10:00:00.000Z';
      await cities.remove('tampa', true);
      expect((await cities.trash()).map((c) => [c.slug, c.version, c.deletedAt])).toEqual([
        ['tampa', 1, '2025-03-05T10:00:00.000Z'],
        ['orlando', 2, '2025-03-01T10:00:00.000Z'],
      ]);
      expect(await cities.undelete('orlando')).toBe(true);
      expect(await cities.undelete('orlando')).toBe(false);
      expect((await cities.versions('orlando'))!.map((v) => v.version)).toEqual([2, 1]);
      expect((await cities.latest('orlando'))!.digest).toBe('b');
      expect(await cities.purgeDeleted('2025-03-05T10:00:00.000Z')).toEqual([]);
      expect(await cities.purgeDeleted('2025-03-06T00:00:00.000Z')).toEqual(['tampa']);
      expect(await cities.exists('tampa')).toBe(false);
      expect(await cities.trash()).toEqual([]);
      expect((await cities.list()).map((c) => c.slug)).toEqual(['orlando']);
    });

    it('a city forgotten with its history is gone, and starts again at version 1', async () => {
      await cities.save(version('orlando', 'a'), { mode: 'create' });
      await cities.save(version('orlando', 'b'), { mode: 'update' });
      expect(await cities.remove('orlando', false)).toBe(true);
      expect(await cities.exists('orlando')).toBe(false);
      expect(await cities.remove('orlando', false)).toBe(false);
      expect(await cities.remove('never', true)).toBe(false);
      expect(await cities.save(version('orlando', 'b'), { mode: 'import' })).toEqual({ status: 'created', version: 1, savedAt: at });
      expect(await cities.versions('orlando')).toEqual([{ version: 1, savedAt: at }]);
    });

    it('of two saves on the same base at once one is saved and the other stale; of two creates one wins', async () => {
      await cities.save(version('tampa', 'a'), { mode: 'create' });
      const updates = await Promise.all(['b', 'c'].map((d) => cities.save(version('tampa', d), { mode: 'update', baseVersion: 1 })));
      expect(updates.map((r) => r.status).sort()).toEqual(['saved', 'stale']);
      expect(updates.find((r) => r.status === 'stale')).toEqual({ status: 'stale', latest: 2 });
      expect((await cities.versions('tampa'))!.map((v) => v.version)).toEqual([2, 1]);

      const creates = await Promise.all(['a', 'b'].map((d) => cities.save(version('ocala', d), { mode: 'create' })));
      expect(creates.map((r) => r.status).sort()).toEqual(['created', 'exists']);
      expect((await cities.versions('ocala'))!.map((v) => v.version)).toEqual([1]);
    });
  });

  describe('flags', () => {
    it('a flag is set once: the first claim wins and keeps its value', async () => {
      expect(await cities.readFlag('samples_imported')).toBeUndefined();
      expect(await cities.claimFlag('samples_imported', 'first')).toBe(true);
      expect(await cities.claimFlag('samples_imported', 'second')).toBe(false);
      expect(await cities.readFlag('samples_imported')).toBe('first');
      const claims = await Promise.all([cities.claimFlag('other', 'x'), cities.claimFlag('other', 'y')]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('the sample cities are imported once a store, the served clinic first, and a deleted one never comes back', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'clinic-served-'));
      // The served clinic shares Tampa's city: it is the served one that is stored.
      const served = join(dir, 'my-tampa.yaml');
      writeFileSync(served, readFileSync(join(samplesDir(), 'tampa.yaml'), 'utf8').replace('phone: (813) 555-0142', 'phone: (813) 555-0111'));
      expect(await seedCities(cities, { served })).toEqual(['tampa', 'orlando', 'wesley-chapel']);
      expect((await cities.latest('tampa'))!.yaml).toContain('phone: (813) 555-0111');
      expect(await cities.readFlag(SAMPLES_FLAG)).toEqual(expect.any(String));
      expect(await seedCities(cities, { served })).toEqual([]);
      await cities.remove('orlando', true);
      expect(await seedCities(cities)).toEqual([]);
      expect((await cities.list()).map((c) => c.slug)).toEqual(['tampa', 'wesley-chapel']);
    });
  });

  describe('pins', () => {
    it('a city is pinned to a release and unpinned; a deleted city loses its pin and cannot be pinned', async () => {
      await cities.save(version('tampa'), { mode: 'create' });
      await cities.save(version('orlando'), { mode: 'create' });
      expect(await cities.pins()).toEqual([]);
      expect(await cities.setPin('tampa', { releaseId: 'r-1', at })).toBe(true);
      expect(await cities.setPin('ocala', { releaseId: 'r-2', at })).toBe(false);
      expect(await cities.pins()).toEqual([{ slug: 'tampa', releaseId: 'r-1', at }]);
      expect(await cities.setPin('tampa', null)).toBe(true);
      expect(await cities.pins()).toEqual([]);

      await cities.setPin('orlando', { releaseId: 'r-3', at });
      expect(await cities.remove('orlando', true)).toBe(true);
      expect(await cities.pins()).toEqual([]);
      expect(await cities.setPin('orlando', { releaseId: 'r-3', at })).toBe(false);
      // Saved again, it comes back unpinned.
      await cities.save(version('orlando', 'again'), { mode: 'create' });
      expect(await cities.pins()).toEqual([]);
    });

    it('a run keeps the cities it skipped, and why', async () => {
      const skipped = [{ slug: 'tampa', city: 'Tampa', reason: 'pinned' as const, releaseId: 'r-1' }];
      const created = await cities.redeploys.create({ id: 'run-s', startedAt: at, items: [{ slug: 'orlando', city: 'Orlando' }], skipped });
      expect(created).toMatchObject({ ok: true, run: { skipped } });
      expect((await cities.redeploys.get('run-s'))?.skipped).toEqual(skipped);
      expect((await cities.redeploys.latest())?.skipped).toEqual(skipped);
    });
  });

  describe('redeploy runs', () => {
    const items = [
      { slug: 'orlando', city: 'Orlando' },
      { slug: 'tampa', city: 'Tampa' },
      { slug: 'wesley-chapel', city: 'Wesley Chapel' },
    ];
    const start = '2025-03-01T11:00:00.000Z';

    it('a run starts with its items pending in order, and no other starts while it runs', async () => {
      const runs = cities.redeploys;
      expect(await runs.latest()).toBeUndefined();
      const created = await runs.create({ id: 'run-1', startedAt: start, items });
      const record = { id: 'run-1', state: 'running', startedAt: start, items: items.map((i) => ({ ...i, state: 'pending' })), skipped: [] };
      expect(created).toEqual({ ok: true, run: record });
      expect(await runs.get('run-1')).toEqual(record);
      expect(await runs.latest()).toEqual(record);
      expect(await runs.get('run-0')).toBeUndefined();

      expect(await runs.create({ id: 'run-2', startedAt: start, items: [] })).toEqual({ ok: false, running: record });
      expect(await runs.get('run-2')).toBeUndefined();

      await runs.finish('run-1', 'done', '2025-03-01T11:05:00.000Z');
      expect(await runs.get('run-1')).toMatchObject({ state: 'done', finishedAt: '2025-03-01T11:05:00.000Z' });
      expect(await runs.create({ id: 'run-2', startedAt: '2025-03-01T11:06:00.000Z', items: [] })).toEqual({
        ok: true,
        run: { id: 'run-2', state: 'running', startedAt: '2025-03-01T11:06:00.000Z', items: [], skipped: [] },
      });
      expect((await runs.latest())?.id).toBe('run-2');
    });

    it('progress is recorded item by item: a version and release stay, an error and finish time are as last given', async () => {
      const runs = cities.redeploys;
      await runs.create({ id: 'run-1', startedAt: start, items });
      await runs.update('run-1', 'tampa', { state: 'deploying', configVersion: 4 });
      await runs.update('run-1', 'tampa', { state: 'ok', releaseId: 'r-tampa', finishedAt: '2025-03-01T11:01:00.000Z' });
      await runs.update('run-1', 'orlando', { state: 'failed', configVersion: 2, error: 'logo gone', finishedAt: '2025-03-01T11:02:00.000Z' });
      await runs.update('run-1', 'wesley-chapel', { state: 'deploying', configVersion: 1 });
      expect((await runs.get('run-1'))!.items).toEqual([
        { slug: 'orlando', city: 'Orlando', state: 'failed', configVersion: 2, error: 'logo gone', finishedAt: '2025-03-01T11:02:00.000Z' },
        { slug: 'tampa', city: 'Tampa', state: 'ok', configVersion: 4, releaseId: 'r-tampa', finishedAt: '2025-03-01T11:01:00.000Z' },
        { slug: 'wesley-chapel', city: 'Wesley Chapel', state: 'deploying', configVersion: 1 },
      ]);

      // Stopped: the city being deployed fails, the finished ones keep what they had.
      await runs.finish('run-1', 'interrupted', '2025-03-01T11:03:00.000Z');
      const run = (await runs.get('run-1'))!;
      expect(run).toMatchObject({ state: 'interrupted', finishedAt: '2025-03-01T11:03:00.000Z' });
      expect(run.items.map((i) => [i.slug, i.state, i.error, i.finishedAt])).toEqual([
        ['orlando', 'failed', 'logo gone', '2025-03-01T11:02:00.000Z'],
        ['tampa', 'ok', undefined, '2025-03-01T11:01:00.000Z'],
        ['wesley-chapel', 'failed', RUN_STOPPED, '2025-03-01T11:03:00.000Z'],
      ]);
    });

    it('the latest run is the newest, also of two started in the same millisecond', async () => {
      const runs = cities.redeploys;
      // Ids in the reverse order of the runs: the order is the runs', not their names'.
      const ends = ['2025-03-01T11:00:00.000Z', '2025-03-01T11:00:00.001Z'];
      for (const [n, id] of ['b-first', 'a-second'].entries()) {
        expect(await runs.create({ id, startedAt: start, items: [] })).toMatchObject({ ok: true });
        expect((await runs.latest())?.id).toBe(id);
        await runs.finish(id, 'done', ends[n]!);
        expect((await runs.latest())?.id).toBe(id);
      }
      await runs.create({ id: 'c-third', startedAt: '2025-03-01T11:00:01.000Z', items: [] });
      expect((await runs.latest())?.id).toBe('c-third');
    });

    it('at start-up a run left running is interrupted, its unfinished items failed; once', async () => {
      const runs = cities.redeploys;
      await runs.create({ id: 'run-1', startedAt: start, items });
      await runs.update('run-1', 'orlando', { state: 'ok', configVersion: 1, releaseId: 'r1', finishedAt: '2025-03-01T11:01:00.000Z' });
      await runs.update('run-1', 'tampa', { state: 'deploying', configVersion: 3 });

      const now = '2025-03-01T12:00:00.000Z';
      expect(await runs.recover(now)).toEqual(['run-1']);
      expect(await runs.get('run-1')).toEqual({
        id: 'run-1',
        state: 'interrupted',
        startedAt: start,
        finishedAt: now,
        items: [
          { slug: 'orlando', city: 'Orlando', state: 'ok', configVersion: 1, releaseId: 'r1', finishedAt: '2025-03-01T11:01:00.000Z' },
          { slug: 'tampa', city: 'Tampa', state: 'failed', configVersion: 3, error: RUN_STOPPED, finishedAt: now },
          { slug: 'wesley-chapel', city: 'Wesley Chapel', state: 'failed', error: RUN_STOPPED, finishedAt: now },
        ],
        skipped: [],
      });
      expect(await runs.recover('2025-03-01T12:30:00.000Z')).toEqual([]);
      expect(await runs.create({ id: 'run-2', startedAt: now, items })).toMatchObject({ ok: true });
    });
  });

  describe('who started a run, and who rolled a site back (issue 39 item 5)', () => {
    it('keeps who started each run with the planned versions, lists runs newest first, and keeps rollbacks by site', async () => {
      const runs = cities.redeploys;
      const by = { id: 'acct-1', label: 'ana@example.com' };
      await runs.create({ id: 'run-a', startedAt: '2025-03-01T11:00:00.000Z', items: [{ slug: 'tampa', city: 'Tampa', configVersion: 4 }, { slug: 'brand-site', city: 'Brand site' }], startedBy: by });
      expect(await runs.get('run-a')).toMatchObject({ startedBy: by, items: [{ slug: 'tampa', state: 'pending', configVersion: 4 }, { slug: 'brand-site', state: 'pending' }] });
      await runs.finish('run-a', 'done', '2025-03-01T11:05:00.000Z');
      // A run without a starter (from before it was recorded) names nobody.
      await runs.create({ id: 'run-b', startedAt: '2025-03-01T12:00:00.000Z', items: [] });
      expect((await runs.get('run-b'))?.startedBy).toBeUndefined();
      expect((await runs.list(20)).map((r) => [r.id, r.startedBy?.label])).toEqual([['run-b', undefined], ['run-a', by.label]]);
      expect((await runs.list(1)).map((r) => r.id)).toEqual(['run-b']);

      await runs.recordRollback({ site: 'tampa', releaseId: 'r1', at: '2025-03-01T13:00:00.000Z', by: 'ana@example.com' });
      await runs.recordRollback({ site: 'tampa', releaseId: 'r2', at: '2025-03-01T14:00:00.000Z', by: '' });
      await runs.recordRollback({ site: 'orlando', releaseId: 'r9', at: '2025-03-01T14:00:00.000Z', by: 'bo@example.com' });
      expect(await runs.rollbacks('tampa')).toEqual([
        { site: 'tampa', releaseId: 'r2', at: '2025-03-01T14:00:00.000Z', by: '' },
        { site: 'tampa', releaseId: 'r1', at: '2025-03-01T13:00:00.000Z', by: 'ana@example.com' },
      ]);
      expect(await runs.rollbacks('miami')).toEqual([]);
    });
  });
});
