import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheLimitBytes, pruneCache, pruneCacheIfDue, readCacheFile, readCacheText } from './cache-prune.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 27, 12);
const MB = 1024 * 1024;
const folders: string[] = [];

afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

/** A cache folder as clinic-gen lays it out: images/<key>/ (a photo's files), cards/<key>.band, templates/<name>.json. */
function cache(): string {
  const root = mkdtempSync(join(tmpdir(), 'cache-prune-'));
  folders.push(root);
  for (const kind of ['images', 'cards', 'templates']) mkdirSync(join(root, kind));
  return root;
}

/** A file of `bytes` bytes last used `daysAgo` days before NOW. */
function file(path: string, bytes: number, daysAgo: number): void {
  writeFileSync(path, Buffer.alloc(bytes, 7));
  const t = new Date(NOW - daysAgo * DAY);
  utimesSync(path, t, t);
}

/** A photo's entry: a folder with its manifest (whose time is the entry's use) and one variant. */
function photo(root: string, key: string, bytes: number, daysAgo: number): void {
  mkdirSync(join(root, 'images', key));
  file(join(root, 'images', key, '480.avif'), bytes, 100);
  file(join(root, 'images', key, 'manifest.json'), 100, daysAgo);
}

const left = (root: string) =>
  ['images', 'cards', 'templates'].flatMap((k) => readdirSync(join(root, k)).map((n) => `${k}/${n}`)).sort();

describe('the cache bound (cache-prune.ts)', () => {
  it('reads a cache file whole and renews its time of use only when it is a day old', () => {
    const root = cache();
    const old = join(root, 'cards', 'a.band');
    const fresh = join(root, 'cards', 'b.band');
    file(old, 5000, 40);
    file(fresh, 300, 0.5);
    expect(readCacheFile(old, NOW).equals(Buffer.alloc(5000, 7))).toBe(true);
    expect(readCacheFile(fresh, NOW).byteLength).toBe(300);
    expect(statSync(old).mtimeMs).toBe(NOW);
    expect(statSync(fresh).mtimeMs).toBe(NOW - 0.5 * DAY);
    expect(() => readCacheFile(join(root, 'cards', 'missing.band'), NOW)).toThrow(/ENOENT/);
  });

  it("renews a photo entry's manifest as it is read", async () => {
    const root = cache();
    photo(root, 'p1', 1000, 45);
    expect(await readCacheText(join(root, 'images', 'p1', 'manifest.json'), NOW)).toBe('\x07'.repeat(100));
    expect(statSync(join(root, 'images', 'p1', 'manifest.json')).mtimeMs).toBe(NOW);
  });

  it('over its limit, removes the least recently used entries of every kind until it holds three quarters of it', async () => {
    const root = cache();
    photo(root, 'old-photo', 3 * MB, 50);
    file(join(root, 'cards', 'old.band'), 2 * MB, 40);
    file(join(root, 'templates', 'old.json'), 2 * MB, 30);
    file(join(root, 'cards', 'recent.band'), 2 * MB, 2);
    photo(root, 'recent-photo', 3 * MB, 1);
    file(join(root, 'templates', 'today.json'), 1 * MB, 0);
    // 13 MB held, a limit of 9: down to 6.75 MB at most, oldest use first.
    const r = await pruneCache(root, 9 * MB, NOW);
    expect(left(root)).toEqual(['cards/recent.band', 'images/recent-photo', 'templates/today.json']);
    expect(r).toMatchObject({ entries: 6, removed: 3 });
    expect(r.bytes - r.removedBytes).toBe(6 * MB + 100);
  });

  it('under its limit keeps every entry, however old, and removes only what a crash left a day ago', async () => {
    const root = cache();
    file(join(root, 'cards', 'ancient.band'), 1000, 400);
    file(join(root, 'cards', '.k1.0a1b2c3d.tmp'), 1000, 2);
    file(join(root, 'cards', '.k2.0a1b2c3d.tmp'), 1000, 0.1);
    file(join(root, 'templates', 't.json.0a1b2c3d.tmp'), 1000, 3);
    mkdirSync(join(root, 'images', '.k3.tmp-0a1b2c3d'));
    utimesSync(join(root, 'images', '.k3.tmp-0a1b2c3d'), new Date(NOW - 5 * DAY), new Date(NOW - 5 * DAY));
    file(join(root, 'images', 'k4.lock'), 0, 3);
    file(join(root, 'images', 'k5.lock'), 0, 0);
    const r = await pruneCache(root, 1024 * MB, NOW);
    expect(left(root)).toEqual(['cards/.k2.0a1b2c3d.tmp', 'cards/ancient.band', 'images/k5.lock']);
    expect(r.removed).toBe(4);
    // No limit (0): the same.
    file(join(root, 'cards', 'another.band'), 1000, 900);
    await pruneCache(root, 0, NOW);
    expect(left(root)).toContain('cards/another.band');
  });

  it('looks a folder over at most once a day, and not at all before it exists', async () => {
    const root = cache();
    file(join(root, 'cards', 'old.band'), 2 * MB, 40);
    file(join(root, 'cards', 'new.band'), 2 * MB, 0);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW)).toMatchObject({ removed: 1 });
    file(join(root, 'cards', 'older.band'), 2 * MB, 60);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + DAY / 2)).toBeUndefined();
    expect(existsSync(join(root, 'cards', 'older.band'))).toBe(true);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + DAY)).toMatchObject({ removed: 1 });
    expect(left(root)).toEqual(['cards/new.band']);
    expect(await pruneCacheIfDue(join(root, 'none'), 3 * MB, NOW)).toBeUndefined();
    expect(existsSync(join(root, 'none'))).toBe(false);
  });

  it('reads its limit from CLINIC_GEN_CACHE_MAX_MB: 1,024 MB unless set, 0 for none, nothing else', () => {
    expect(cacheLimitBytes({})).toBe(1024 * MB);
    expect(cacheLimitBytes({ CLINIC_GEN_CACHE_MAX_MB: ' 2048 ' })).toBe(2048 * MB);
    expect(cacheLimitBytes({ CLINIC_GEN_CACHE_MAX_MB: '0' })).toBe(0);
    for (const bad of ['1.5', '-1', '2GB', 'lots', '1e3']) expect(cacheLimitBytes({ CLINIC_GEN_CACHE_MAX_MB: bad }), bad).toBeUndefined();
  });
});
