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

/** A cache key as clinic-gen names its entries: 32 hex digits (here `n` repeated). */
const key = (n: string) => n.repeat(32).slice(0, 32);

/** A cache folder as clinic-gen lays it out: images/<key>/ (a photo's files), cards/<key>.band, templates/<key>.json. */
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
function photo(root: string, name: string, bytes: number, daysAgo: number): void {
  mkdirSync(join(root, 'images', name));
  file(join(root, 'images', name, '480.avif'), bytes, 100);
  file(join(root, 'images', name, 'manifest.json'), 100, daysAgo);
}

const left = (root: string) =>
  ['images', 'cards', 'templates'].flatMap((k) => readdirSync(join(root, k)).map((n) => `${k}/${n}`)).sort();

describe('the cache bound (cache-prune.ts)', () => {
  it('reads a cache file whole and renews its time of use only when it is a day old', () => {
    const root = cache();
    const old = join(root, 'cards', `${key('a')}.band`);
    const fresh = join(root, 'cards', `${key('b')}.band`);
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
    photo(root, key('1'), 1000, 45);
    expect(await readCacheText(join(root, 'images', key('1'), 'manifest.json'), NOW)).toBe('\x07'.repeat(100));
    expect(statSync(join(root, 'images', key('1'), 'manifest.json')).mtimeMs).toBe(NOW);
  });

  it('over its limit, removes the least recently used entries of every kind until it holds three quarters of it', async () => {
    const root = cache();
    photo(root, key('0'), 3 * MB, 50);
    file(join(root, 'cards', `${key('1')}.band`), 2 * MB, 40);
    file(join(root, 'templates', `${key('2')}.json`), 2 * MB, 30);
    file(join(root, 'cards', `${key('3')}.band`), 2 * MB, 2);
    photo(root, key('4'), 3 * MB, 1);
    file(join(root, 'templates', `${key('5')}.json`), 1 * MB, 0);
    // 13 MB held, a limit of 9: down to 6.75 MB at most, oldest use first.
    const r = await pruneCache(root, 9 * MB, NOW);
    expect(left(root)).toEqual([`cards/${key('3')}.band`, `images/${key('4')}`, `templates/${key('5')}.json`]);
    expect(r).toMatchObject({ entries: 6, removed: 3, recentBytes: 1 * MB });
    expect(r.bytes - r.removedBytes).toBe(6 * MB + 100);
  });

  it('keeps every entry used within the last day, over the limit too, and says how much they take', async () => {
    const root = cache();
    file(join(root, 'cards', `${key('a')}.band`), 3 * MB, 0.9);
    file(join(root, 'cards', `${key('b')}.band`), 3 * MB, 0);
    file(join(root, 'cards', `${key('c')}.band`), 1 * MB, 3);
    const r = await pruneCache(root, 2 * MB, NOW);
    expect(left(root)).toEqual([`cards/${key('a')}.band`, `cards/${key('b')}.band`]);
    expect(r).toMatchObject({ removed: 1, removedBytes: 1 * MB, recentBytes: 6 * MB });
  });

  it('under its limit keeps every entry, however old, and removes only what a crash left a day ago', async () => {
    const root = cache();
    file(join(root, 'cards', `${key('a')}.band`), 1000, 400);
    file(join(root, 'cards', `.${key('b')}.0a1b2c3d.tmp`), 1000, 2);
    file(join(root, 'cards', `.${key('c')}.0a1b2c3d.tmp`), 1000, 0.1);
    file(join(root, 'templates', `${key('d')}.json.0a1b2c3d.tmp`), 1000, 3);
    mkdirSync(join(root, 'images', `.${key('e')}.tmp-0a1b2c3d`));
    utimesSync(join(root, 'images', `.${key('e')}.tmp-0a1b2c3d`), new Date(NOW - 5 * DAY), new Date(NOW - 5 * DAY));
    file(join(root, 'images', `${key('f')}.lock`), 0, 3);
    file(join(root, 'images', `${key('9')}.lock`), 0, 0);
    const r = await pruneCache(root, 1024 * MB, NOW);
    expect(left(root)).toEqual([`cards/.${key('c')}.0a1b2c3d.tmp`, `cards/${key('a')}.band`, `images/${key('9')}.lock`]);
    expect(r.removed).toBe(4);
    // No limit (0): the same.
    file(join(root, 'cards', `${key('8')}.band`), 1000, 900);
    await pruneCache(root, 0, NOW);
    expect(left(root)).toContain(`cards/${key('8')}.band`);
  });

  it('never touches a name clinic-gen does not write, in a cache folder shared with other files', async () => {
    const root = cache();
    file(join(root, 'images', 'holiday.jpg'), 2 * MB, 400);
    mkdirSync(join(root, 'images', 'album'));
    utimesSync(join(root, 'images', 'album'), new Date(NOW - 400 * DAY), new Date(NOW - 400 * DAY));
    file(join(root, 'cards', 'notes.tmp'), 10, 400);
    file(join(root, 'cards', 'greeting.lock'), 10, 400);
    file(join(root, 'templates', 'index.json'), 2 * MB, 400);
    file(join(root, 'cards', `${key('a')}.band`), 2 * MB, 400);
    const r = await pruneCache(root, 1 * MB, NOW);
    expect(left(root)).toEqual(['cards/greeting.lock', 'cards/notes.tmp', 'images/album', 'images/holiday.jpg', 'templates/index.json']);
    expect(r).toMatchObject({ entries: 1, removed: 1 });
  });

  it('stops between removals when asked (a server stopping)', async () => {
    const root = cache();
    for (const n of ['a', 'b', 'c']) file(join(root, 'cards', `${key(n)}.band`), MB, 40);
    let asked = 0;
    const r = await pruneCache(root, 1, NOW, () => ++asked > 4);
    expect(r.removed).toBe(1);
    expect(left(root)).toHaveLength(2);
  });

  it('looks a folder over at most once a day, the first day counted from its first build', async () => {
    const root = cache();
    file(join(root, 'cards', `${key('a')}.band`), 2 * MB, 40);
    file(join(root, 'cards', `${key('b')}.band`), 2 * MB, 0);
    // Never looked over: the mark is set, nothing walked.
    expect(await pruneCacheIfDue(root, 3 * MB, NOW)).toBeUndefined();
    expect(left(root)).toHaveLength(2);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + DAY / 2)).toBeUndefined();
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + DAY)).toMatchObject({ removed: 1 });
    expect(left(root)).toEqual([`cards/${key('b')}.band`]);
    file(join(root, 'cards', `${key('c')}.band`), 2 * MB, 60);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + 1.5 * DAY)).toBeUndefined();
    expect(existsSync(join(root, 'cards', `${key('c')}.band`))).toBe(true);
    expect(await pruneCacheIfDue(root, 3 * MB, NOW + 2 * DAY)).toMatchObject({ removed: 1 });
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
