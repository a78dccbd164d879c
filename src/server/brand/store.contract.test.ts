import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { migrate } from '../sqlite/migrations.js';
import { createPgBrandStore } from './pg-store.js';
import { createSqliteBrandStore } from './sqlite-store.js';
import { BRAND_FILE, brandYaml, importBrandFile, importingBrandStore, type BrandStore } from './store.js';

/** One contract for the brand's row: the data folder's SQLite file, or PostgreSQL (a database per test). */
const dir = mkdtempSync(join(tmpdir(), 'clinic-brand-'));
const databases: Awaited<ReturnType<typeof migratedDatabase>>[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const implementations: [string, () => Promise<BrandStore>][] = [
  [
    'SQLite',
    async () => {
      const file = join(dir, `b${++n}.db`);
      const sqlite = new Database(file);
      migrate(sqlite, file);
      return createSqliteBrandStore(sqlite);
    },
  ],
  [
    'PostgreSQL',
    async () => {
      // The brand is one row: each test gets a database of its own.
      const db = await migratedDatabase(2);
      databases.push(db);
      return createPgBrandStore(db.pool);
    },
  ],
];

const yamlOf = (businessName: string) => brandYaml({ businessName, primaryColor: '#0f5132' });
const folder = (files: Record<string, string> = {}) => {
  const d = mkdtempSync(join(dir, 'data-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  return d;
};

describe.each(implementations)('brand store (%s)', (_name, make) => {
  it('has no brand at first, then the one saved, replaced by the next save', async () => {
    const store = await make();
    expect(await store.get()).toBeUndefined();
    await store.put({ yaml: yamlOf('Northstar'), updatedAt: '2026-11-26T10:00:00.000Z' });
    expect(await store.get()).toEqual({ yaml: yamlOf('Northstar'), updatedAt: '2026-11-26T10:00:00.000Z' });
    await store.put({ yaml: yamlOf('Harbor'), updatedAt: '2026-11-26T11:00:00.000Z' });
    expect(await store.get()).toEqual({ yaml: yamlOf('Harbor'), updatedAt: '2026-11-26T11:00:00.000Z' });
  });

  it('saves with putIfNone only when no brand is saved', async () => {
    const store = await make();
    expect(await store.putIfNone({ yaml: yamlOf('First'), updatedAt: '2026-11-26T10:00:00.000Z' })).toBe(true);
    expect(await store.putIfNone({ yaml: yamlOf('Second'), updatedAt: '2026-11-26T11:00:00.000Z' })).toBe(false);
    expect(await store.get()).toEqual({ yaml: yamlOf('First'), updatedAt: '2026-11-26T10:00:00.000Z' });
  });

  it('imports an existing brand.yaml when it has none, as the file is, and only then', async () => {
    const store = await make();
    const old = '# written by the release before\nbusinessName: Harbor Men’s Health\nfont: inter\n';
    expect(await importBrandFile(store, folder({ [BRAND_FILE]: old }), new Date('2026-11-26T09:00:00.000Z'))).toBe(true);
    expect(await store.get()).toEqual({ yaml: old, updatedAt: '2026-11-26T09:00:00.000Z' });
    // Another server's file, or the same file changed: the store's brand stays.
    expect(await importBrandFile(store, folder({ [BRAND_FILE]: 'businessName: Other\n' }))).toBe(false);
    expect((await store.get())?.yaml).toBe(old);
  });

  it('imports no brand from a data folder without brand.yaml, or with an invalid one', async () => {
    const store = await make();
    expect(await importBrandFile(store, folder())).toBe(false);
    expect(await importBrandFile(store, folder({ [BRAND_FILE]: 'businessName: Harbor\nprimaryColor: blue\n' }))).toBe(false);
    expect(await importBrandFile(store, folder({ [BRAND_FILE]: 'businessName: [unclosed\n' }))).toBe(false);
    expect(await store.get()).toBeUndefined();
  });

  it('imports before its first read when wrapped by importingBrandStore', async () => {
    const store = await make();
    const old = 'businessName: Harbor Men’s Health\n';
    const wrapped = importingBrandStore(store, folder({ [BRAND_FILE]: old }));
    expect((await wrapped.get())?.yaml).toBe(old);
    await wrapped.put({ yaml: yamlOf('Northstar'), updatedAt: '2026-11-26T12:00:00.000Z' });
    expect((await store.get())?.yaml).toBe(yamlOf('Northstar'));
  });
});
