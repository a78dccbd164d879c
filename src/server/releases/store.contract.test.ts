import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { openChangeFeed } from '../pg/notify.js';
import { openPgReleaseStore } from './pg-store.js';
import type { SiteBytes } from '../bundle/files.js';
import { createReleaseStore } from './disk-store.js';
import { releaseTime, type ReleaseStore } from './store.js';

/**
 * What every release store does, whichever holds the releases: the folder on disk (one server) and
 * PostgreSQL (any number of servers). The same tests run on both; what only one of them does is
 * tested beside it (release-store.test.ts, pg-release-store.test.ts).
 */
interface Options {
  now?: () => Date;
  keep?: number;
  beforeSwitch?: (site: string, releaseId: string) => Promise<void>;
}
interface Backend {
  open(o?: Options): Promise<ReleaseStore>;
  /** Forgets every store opened and what they stored, between tests. */
  reset(): Promise<void>;
  end(): Promise<void>;
}

const disk = async (): Promise<Backend> => {
  const roots: string[] = [];
  const reset = async () => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  };
  return {
    async open(o) {
      const root = mkdtempSync(join(tmpdir(), 'clinic-releases-'));
      roots.push(root);
      return createReleaseStore({ root, durable: false, ...o });
    },
    reset,
    end: reset,
  };
};

const postgres = async (): Promise<Backend> => {
  const db = await migratedDatabase();
  const opened: (() => Promise<void>)[] = [];
  const reset = async () => {
    for (const close of opened.splice(0)) await close();
    await db.pool.query('TRUNCATE live_sites, release_files, releases, blobs');
  };
  return {
    async open(o) {
      const feed = await openChangeFeed(db.url, { instance: randomUUID() });
      const store = await openPgReleaseStore(db.pool, { feed, ...o });
      opened.push(async () => {
        store.close();
        await feed.close();
      });
      return store;
    },
    reset,
    async end() {
      await reset();
      await db.drop();
    },
  };
};

const site = (page: string, more: Record<string, string> = {}): SiteBytes =>
  new Map(Object.entries({ 'index.html': page, ...more }).map(([name, body]) => [name, new TextEncoder().encode(body)]));
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
const idOf = (r: { ok: boolean; release?: { id: string } }) => (r.ok ? r.release!.id : '');

describe.each([
  ['disk', disk],
  ['PostgreSQL', postgres],
] as const)('the release store on %s', (_, backend) => {
  let b: Backend;
  beforeAll(async () => {
    b = await backend();
  });
  afterEach(() => b.reset());
  afterAll(() => b?.end());

  it('serves the live release’s files, lists live sites, and keeps every file of each release', async () => {
    const s = await b.open();
    const first = await s.deploy('tampa', { files: site('one', { 'about/index.html': 'about', 'logo.png': 'png' }), domainName: 'tampa.example.com', businessName: 'Bay TRT', city: 'Tampa', config: { city: 'Tampa' } });
    expect(first).toMatchObject({ ok: true, release: { domainName: 'tampa.example.com', businessName: 'Bay TRT', city: 'Tampa', config: { city: 'Tampa' } } });
    const second = await s.deploy('tampa', { files: site('two'), citySlug: 'tampa', configVersion: 3 });
    expect(idOf(second) > idOf(first)).toBe(true);
    expect(await s.currentId('tampa')).toBe(idOf(second));
    expect(text(await s.readLive('tampa', 'index.html'))).toBe('two');
    expect(await s.readLive('tampa', 'about/index.html')).toBeUndefined();
    expect(await s.readLive('orlando', 'index.html')).toBeUndefined();
    expect(await s.list()).toEqual([{ siteName: 'tampa', release: expect.objectContaining({ id: idOf(second), citySlug: 'tampa', configVersion: 3 }) }]);

    const files = await s.releaseFiles('tampa', idOf(first));
    expect([...files!.keys()].sort()).toEqual(['about/index.html', 'index.html', 'logo.png']);
    expect(text(files!.get('logo.png'))).toBe('png');
    expect(await s.releaseFiles('tampa', '20200101T000000000Z-00000000')).toBeUndefined();
    expect(await s.meta('tampa', idOf(first))).toMatchObject({ id: idOf(first), city: 'Tampa', businessName: 'Bay TRT' });
    expect(await s.meta('tampa', '20200101T000000000Z-00000000')).toEqual({ id: '20200101T000000000Z-00000000', createdAt: releaseTime('20200101T000000000Z-00000000') });
    expect(await s.releaseIds('tampa')).toEqual([idOf(first), idOf(second)]);
  });

  it('keeps release ids in deploy order even when the clock steps back', async () => {
    let t = Date.parse('2024-06-01T12:00:00Z');
    const s = await b.open({ now: () => new Date(t) });
    await s.deploy('tampa', { files: site('a') });
    t -= 60_000;
    await s.deploy('tampa', { files: site('b') });
    await s.deploy('tampa', { files: site('c') });
    const ids = await s.releaseIds('tampa');
    expect(ids).toHaveLength(3);
    expect(ids[0]!.startsWith('20240601T120000000Z-')).toBe(true);
    expect(await s.currentId('tampa')).toBe(ids[2]);
    const back = await s.rollback('tampa');
    expect(back.ok && back.release.id).toBe(ids[1]);
    expect(text(await s.readLive('tampa', 'index.html'))).toBe('b');
  });

  it('rolls back to a named release, and refuses one it does not have', async () => {
    const s = await b.open();
    const ids = [];
    for (const v of ['a', 'b', 'c']) ids.push(idOf(await s.deploy('tampa', { files: site(v) })));
    expect(await s.rollback('tampa', ids[0])).toMatchObject({ ok: true, release: { id: ids[0] } });
    expect(await s.currentId('tampa')).toBe(ids[0]);
    expect(text(await s.readLive('tampa', 'index.html'))).toBe('a');
    // Nothing older than the oldest.
    expect(await s.rollback('tampa')).toEqual({ ok: false, status: 409, error: 'tampa has no earlier release to roll back to' });
    expect(await s.rollback('tampa', '20200101T000000000Z-00000000')).toEqual({ ok: false, status: 409, error: 'no release 20200101T000000000Z-00000000 of tampa' });
    expect(await s.rollback('tampa', ids[2])).toMatchObject({ ok: true });
    expect(text(await s.readLive('tampa', 'index.html'))).toBe('c');
  });

  it('keeps the newest releases only', async () => {
    const s = await b.open({ keep: 2 });
    const ids = [];
    for (const v of ['a', 'b', 'c', 'd']) ids.push(idOf(await s.deploy('tampa', { files: site(v, { 'style.css': `/* ${v} */` }) })));
    expect(await s.releaseIds('tampa')).toEqual(ids.slice(2));
    expect(await s.releaseFiles('tampa', ids[0]!)).toBeUndefined();
    expect(await s.rollback('tampa', ids[1])).toMatchObject({ ok: false, status: 409 });
    expect(await s.rollback('tampa')).toMatchObject({ ok: true, release: { id: ids[2] } });
    expect(text(await s.readLive('tampa', 'style.css'))).toBe('/* c */');
  });

  it('gives a domain to one live site only, even to deploys racing for it', async () => {
    const s = await b.open();
    const names = ['tampa', 'orlando', 'ocala'];
    const results = await Promise.all(names.map((name) => s.deploy(name, { files: site(name), domainName: 'shared.example.com' })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const winner = names[results.findIndex((r) => r.ok)]!;
    const losers = names.filter((n) => n !== winner);
    expect(results.filter((r) => !r.ok)).toEqual(losers.map(() => ({ ok: false, error: `shared.example.com is the domain of the live site ${winner}`, domainOwner: winner })));
    // A refused deploy wrote nothing.
    for (const name of losers) {
      expect(await s.releaseIds(name)).toEqual([]);
      expect(await s.currentId(name)).toBeUndefined();
    }
    expect((await s.list()).map((l) => l.siteName)).toEqual([winner]);
    // A rollback may not bring a domain back that another live site has since taken.
    await s.deploy(winner, { files: site('w2') });
    await s.deploy(losers[0]!, { files: site('o'), domainName: 'shared.example.com' });
    expect(await s.rollback(winner)).toMatchObject({ ok: false, status: 409, error: `shared.example.com is now the domain of the live site ${losers[0]}` });
    expect(text(await s.readLive(winner, 'index.html'))).toBe('w2');
  });

  it('frees a domain when its site goes offline or moves to another domain', async () => {
    const s = await b.open();
    await s.deploy('tampa', { files: site('t'), domainName: 'Bay.example.com' });
    expect(await s.deploy('orlando', { files: site('o'), domainName: 'bay.example.com' })).toMatchObject({ ok: false, domainOwner: 'tampa' });
    await s.deploy('tampa', { files: site('t2'), domainName: 'tampa.example.com' });
    expect(await s.deploy('orlando', { files: site('o'), domainName: 'bay.example.com' })).toMatchObject({ ok: true });
    expect(await s.deploy('ocala', { files: site('x'), domainName: 'tampa.example.com' })).toMatchObject({ ok: false, domainOwner: 'tampa' });
    await s.remove('tampa');
    expect(await s.deploy('ocala', { files: site('x'), domainName: 'tampa.example.com' })).toMatchObject({ ok: true });
  });

  it('has nothing to roll back to after one deploy, and nothing to remove twice', async () => {
    const s = await b.open();
    await s.deploy('tampa', { files: site('a') });
    expect(await s.rollback('tampa')).toMatchObject({ ok: false, status: 409 });
    expect(await s.rollback('orlando')).toEqual({ ok: false, status: 404, error: 'no live deployment named orlando' });
    expect(await s.remove('tampa')).toBe(true);
    expect(await s.remove('tampa')).toBe(false);
    expect(await s.list()).toEqual([]);
  });

  it('takes a removed site offline with its history', async () => {
    const s = await b.open();
    const first = await s.deploy('tampa', { files: site('a') });
    await s.deploy('tampa', { files: site('b') });
    await s.deploy('orlando', { files: site('o') });
    expect(await s.remove('tampa')).toBe(true);
    expect(await s.currentId('tampa')).toBeUndefined();
    expect(await s.readLive('tampa', 'index.html')).toBeUndefined();
    expect(await s.releaseIds('tampa')).toEqual([]);
    expect(await s.history('tampa')).toEqual([]);
    expect(await s.releaseFiles('tampa', idOf(first))).toBeUndefined();
    expect((await s.list()).map((l) => l.siteName)).toEqual(['orlando']);
    // Deployed again, it starts a new history.
    await s.deploy('tampa', { files: site('c') });
    expect(await s.releaseIds('tampa')).toHaveLength(1);
    expect(text(await s.readLive('tampa', 'index.html'))).toBe('c');
  });

  it('deploys other sites while one waits at its switch, and the same site after it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const s = await b.open({ beforeSwitch: async (name) => (name === 'tampa' ? gate : undefined) });
    const done: string[] = [];
    const tampa = [1, 2].map((n) => s.deploy('tampa', { files: site(`t${n}`) }).then((r) => done.push(idOf(r))));
    await s.deploy('orlando', { files: site('o1') }).then(() => done.push('orlando'));
    expect(done).toEqual(['orlando']);
    expect(await s.currentId('tampa')).toBeUndefined();
    open();
    await Promise.all(tampa);
    // One after the other: the one that finished first made the older release.
    const ids = await s.releaseIds('tampa');
    expect(ids).toHaveLength(2);
    expect(done).toEqual(['orlando', ...ids]);
    expect(await s.currentId('tampa')).toBe(ids[1]);
  });

  it('lists a site’s releases newest first with the config version each was built from', async () => {
    const s = await b.open();
    const a = await s.deploy('tampa', { files: site('a'), citySlug: 'tampa', configVersion: 1 });
    const b2 = await s.deploy('tampa', { files: site('b') });
    const c = await s.deploy('tampa', { files: site('c'), citySlug: 'tampa', configVersion: 2 });
    const [ida, idb, idc] = [a, b2, c].map(idOf);
    await s.rollback('tampa', ida);
    expect(await s.history('tampa')).toEqual([
      { id: idc, createdAt: expect.any(String), live: false, citySlug: 'tampa', configVersion: 2 },
      { id: idb, createdAt: expect.any(String), live: false, citySlug: undefined, configVersion: undefined },
      { id: ida, createdAt: a.ok ? a.release.createdAt : '', live: true, citySlug: 'tampa', configVersion: 1 },
    ]);
    expect(await s.history('../x')).toEqual([]);
  });

  it('keeps who deployed a release with it, and says nobody for a release without the name (issue 39 item 5)', async () => {
    const s = await b.open();
    const before = await s.deploy('tampa', { files: site('a'), citySlug: 'tampa', configVersion: 1 });
    const named = await s.deploy('tampa', { files: site('b'), citySlug: 'tampa', configVersion: 2, deployedBy: 'ana@example.com' });
    const [history] = [await s.history('tampa')];
    expect(history.map((r) => [r.id, r.deployedBy])).toEqual([
      [idOf(named), 'ana@example.com'],
      [idOf(before), undefined],
    ]);
    expect((await s.meta('tampa', idOf(named))).deployedBy).toBe('ana@example.com');
  });

  it('refuses a bad site name as a value, not an exception', async () => {
    const s = await b.open();
    await s.deploy('tampa', { files: site('a') });
    expect(await s.deploy('../x', { files: site('a') })).toEqual({ ok: false, error: 'not a valid site name' });
    expect(await s.rollback('../x')).toEqual({ ok: false, status: 404, error: 'no such site' });
    expect(await s.remove('../x')).toBe(false);
    expect(await s.currentId('../x')).toBeUndefined();
    expect(await s.readLive('tampa', '../../etc/passwd')).toBeUndefined();
    expect(await s.readLive('../tampa', 'index.html')).toBeUndefined();
    expect(await s.releaseFiles('../x', '20250101T000000000Z-00000000')).toBeUndefined();
    expect(await s.releaseFiles('tampa', '../../x')).toBeUndefined();
  });
});
