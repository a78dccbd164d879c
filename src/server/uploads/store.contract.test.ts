import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/pg-cluster.mjs';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { createPool, StoreUnavailableError } from '../pg/connect.js';
import { pgUploadStore } from './pg-store.js';
import { folderUploadStore, type UploadStore } from './store.js';

/**
 * One contract for where uploads live: the data folder (one server) or PostgreSQL (every server,
 * each with a local cache folder).
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
let root: string;
beforeAll(async () => {
  db = await migratedDatabase();
  root = await mkdtemp(join(tmpdir(), 'clinic-gen-uploads-'));
});
afterAll(async () => {
  await db?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

const folder = async (name: string) => mkdtemp(join(root, `${name}-`));
const implementations: [string, () => Promise<UploadStore>][] = [
  ['data folder', async () => folderUploadStore(await folder('uploads'))],
  ['PostgreSQL', async () => pgUploadStore(db.pool, await folder('cache'))],
];

const logoName = () => `logo-${randomBytes(16).toString('hex')}.png`;
/** Every byte value, so nothing is lost to a text encoding on the way. */
const allBytes = () => Uint8Array.from({ length: 1024 }, (_, i) => (i * 7) % 256);

describe.each(implementations)('upload store (%s)', (_name, make) => {
  it('gives back the bytes stored under a name, whole', async () => {
    const store = await make();
    const name = logoName();
    expect(await store.put(name, allBytes())).toEqual({ ok: true });
    const read = await store.get(name);
    expect(read && Array.from(read)).toEqual(Array.from(allBytes()));
    // A second read (from the cache folder, for PostgreSQL) gives the same bytes.
    const again = await store.get(name);
    expect(again && Array.from(again)).toEqual(Array.from(allBytes()));
  });

  it('stores a view into a larger buffer as the view alone', async () => {
    const store = await make();
    const name = `photo-${randomBytes(16).toString('hex')}.webp`;
    const backing = Uint8Array.from({ length: 64 }, (_, i) => i);
    expect(await store.put(name, backing.subarray(8, 24))).toEqual({ ok: true });
    const read = await store.get(name);
    expect(read && Array.from(read)).toEqual(Array.from({ length: 16 }, (_, i) => i + 8));
  });

  it('gives nothing for a name never stored or not an upload name', async () => {
    const store = await make();
    expect(await store.get(logoName())).toBeUndefined();
    for (const name of ['../etc/passwd', 'logo-123.png', `.tmp-abc-${logoName()}`, `logo-${'a'.repeat(32)}.exe`]) {
      expect(await store.get(name)).toBeUndefined();
    }
  });
});

describe('uploads in PostgreSQL', () => {
  it('serves an upload made through one server from another, whose cache folder is empty', async () => {
    const cacheA = await folder('cache-a');
    const cacheB = await folder('cache-b');
    const a = pgUploadStore(db.pool, cacheA);
    const otherPool = createPool(db.url, { size: 2 });
    try {
      const b = pgUploadStore(otherPool, cacheB);
      const name = logoName();
      expect(await a.put(name, allBytes())).toEqual({ ok: true });
      expect(await readdir(cacheB)).toEqual([]);
      const read = await b.get(name);
      expect(read && Array.from(read)).toEqual(Array.from(allBytes()));
      // Read once, kept whole in B's cache folder under its own name (nothing temporary left).
      expect(await readdir(cacheB)).toEqual([name]);
      expect(Array.from(await readFile(join(cacheB, name)))).toEqual(Array.from(allBytes()));
    } finally {
      await otherPool.end();
    }
  });

  it('reads a cached upload without the database, and never asks it for a name that is not an upload', async () => {
    const cache = await folder('cache');
    const name = logoName();
    await writeFile(join(cache, name), Buffer.from('cached'));
    const down = createPool(`postgres://postgres@127.0.0.1:${await freePort()}/none`, { size: 1, connectTimeoutMs: 1_000 });
    try {
      const store = pgUploadStore(down, cache);
      expect(Buffer.from((await store.get(name))!).toString()).toBe('cached');
      expect(await store.get('../secret')).toBeUndefined();
      // A miss does ask, and a database that cannot be reached says so.
      await expect(store.get(logoName())).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.put(logoName(), allBytes())).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await down.end();
    }
  });

  it('still reads when the cache folder cannot be written', async () => {
    const blocker = join(await folder('blocked'), 'not-a-folder');
    await writeFile(blocker, 'a file where the cache folder should be');
    const store = pgUploadStore(db.pool, join(blocker, 'cache'));
    const name = logoName();
    await store.put(name, allBytes());
    const read = await store.get(name);
    expect(read && Array.from(read)).toEqual(Array.from(allBytes()));
  });
});
