import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { createPool } from '../pg/connect.js';
import { pgPreviewStore } from './pg-store.js';
import { createPreviewStore, PREVIEW_LIMITS, type PreviewStore } from './store.js';

/**
 * One contract for where previews live: in this process (one server) or in PostgreSQL (every
 * server): a few at a time, a bounded number of bytes, half an hour each. Each test starts from an
 * empty PostgreSQL table, since the caps count every preview in it.
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const implementations: [string, (now: () => number) => Promise<PreviewStore>][] = [
  ['memory', async (now) => createPreviewStore(now)],
  [
    'PostgreSQL',
    async (now) => {
      await db.pool.query('DELETE FROM previews');
      return pgPreviewStore(db.pool, now);
    },
  ],
];

const MB = 1024 * 1024;
const site = (mb: number) => new Map([['index.html', new Uint8Array(mb * MB)]]);

describe.each(implementations)('the preview store (%s)', (_name, make) => {
  it('gives back the files of a preview by its id, and nothing for an unknown or malformed id', async () => {
    const store = await make(Date.now);
    const files = new Map([
      ['index.html', new TextEncoder().encode('<h1>Preview</h1>')],
      ['assets/logo.png', Uint8Array.from({ length: 256 }, (_, i) => i)],
      ['empty.txt', new Uint8Array(0)],
    ]);
    const id = await store.add(files);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const read = await store.get(id);
    expect(new Map([...read!].map(([name, bytes]) => [name, Array.from(bytes)]))).toEqual(new Map([...files].map(([name, bytes]) => [name, Array.from(bytes)])));
    expect(await store.get('0'.repeat(32))).toBeUndefined();
    expect(await store.get(id.toUpperCase())).toBeUndefined();
    expect(await store.get(`${id}/index.html`)).toBeUndefined();
    expect(await store.get("' OR 1=1 --")).toBeUndefined();
  });

  it('keeps the newest previews within the count and byte caps, dropping the oldest first', async () => {
    const store = await make(() => 0);
    const small: string[] = [];
    for (let i = 0; i <= PREVIEW_LIMITS.maxPreviews; i++) small.push(await store.add(site(1)));
    const kept = async (ids: string[]) => Promise.all(ids.map(async (id) => (await store.get(id)) !== undefined));
    expect(await store.get(small[0]!)).toBeUndefined();
    expect((await kept(small.slice(1))).every(Boolean)).toBe(true);
    // Three sites of 40 MB go beyond 96 MB together: the small ones go first, then the oldest large one.
    const large = [await store.add(site(40)), await store.add(site(40)), await store.add(site(40))];
    expect(await kept(large)).toEqual([false, true, true]);
    expect((await kept(small)).filter(Boolean)).toEqual([]);
    // The newest preview is kept even when it alone is beyond the cap (the body limit bounds it).
    const huge = await store.add(site(100));
    expect(await store.get(huge)).toBeDefined();
    expect((await kept(large)).filter(Boolean)).toEqual([]);
  });

  it('forgets a preview after half an hour', async () => {
    let now = 0;
    const store = await make(() => now);
    const id = await store.add(site(1));
    now = PREVIEW_LIMITS.ttlMs - 1;
    expect(await store.get(id)).toBeDefined();
    now = PREVIEW_LIMITS.ttlMs;
    expect(await store.get(id)).toBeUndefined();
  });
});

describe('previews in PostgreSQL', () => {
  it('serves a preview added through one server from another, for half an hour', async () => {
    await db.pool.query('DELETE FROM previews');
    let now = 1_700_000_000_000;
    const otherPool = createPool(db.url, { size: 2 });
    try {
      const a = pgPreviewStore(db.pool, () => now);
      const b = pgPreviewStore(otherPool, () => now);
      const id = await a.add(new Map([['index.html', new TextEncoder().encode('<p>made on A</p>')]]));
      expect(new TextDecoder().decode((await b.get(id))!.get('index.html'))).toBe('<p>made on A</p>');
      now += PREVIEW_LIMITS.ttlMs - 1;
      expect(await b.get(id)).toBeDefined();
      // B read it before: its copy in memory expires all the same.
      now += 1;
      expect(await b.get(id)).toBeUndefined();
      expect(await a.get(id)).toBeUndefined();
    } finally {
      await otherPool.end();
    }
  });

  it('applies the count cap across servers adding at once', async () => {
    await db.pool.query('DELETE FROM previews');
    const otherPool = createPool(db.url, { size: 5 });
    try {
      const stores = [pgPreviewStore(db.pool), pgPreviewStore(otherPool)];
      const adds = PREVIEW_LIMITS.maxPreviews * 2;
      await Promise.all(Array.from({ length: adds }, (_, i) => stores[i % 2]!.add(new Map([['index.html', new Uint8Array([i])]]))));
      const { rows } = await db.pool.query('SELECT count(*)::int AS n, (SELECT count(*)::int FROM preview_files) AS files FROM previews');
      expect(rows[0]).toEqual({ n: PREVIEW_LIMITS.maxPreviews, files: PREVIEW_LIMITS.maxPreviews });
    } finally {
      await otherPool.end();
    }
  });
});
