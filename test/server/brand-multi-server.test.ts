import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/pg.js';
import { actingAsOwner, fromAddress, TEST_FILES, TEST_OWNER, TEST_OWNER_TOKEN, testConfig, testSecrets, testServerConfig } from '../helpers/server-app.js';
import { createApps } from '../../src/server/app.js';
import { BRAND_FILE } from '../../src/server/brand/index.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { openPgStore } from '../../src/server/store/pg-server-store.js';
import type { ServerStore } from '../../src/server/store/server-store.js';

/**
 * Brand settings with several servers on one PostgreSQL database: a brand saved through one server
 * is what the other's next GET /api/brand returns (the row is read on every GET, never cached), and
 * the first server to start imports the brand.yaml the release before left in its data folder.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

type Body = Record<string, unknown>;

/** Two servers (each its own data folder, pool and change feed) on a fresh database; `files` go into the first one's data folder before it starts. */
async function twoServers(files: Record<string, string> = {}) {
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  const secrets = testSecrets();
  const servers = [];
  for (const i of [0, 1]) {
    const server = testServerConfig();
    mkdirSync(server.dataDir, { recursive: true });
    if (i === 0) for (const [name, text] of Object.entries(files)) writeFileSync(join(server.dataDir, name), text);
    const stores: ServerStore = await openPgStore({ url: db.url, poolSize: 3, dataDir: server.dataDir, notify: false, logger: silentLogger });
    cleanups.unshift(() => stores.close());
    if (i === 0) {
      const at = new Date().toISOString();
      // The test owner and their token (as seedTestOwner writes them into SQLite): every request acts as them.
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        await client.query("INSERT INTO accounts (id, email, name, role, cities, active, password_hash, created_at) VALUES ($1, $2, $3, 'owner', NULL, true, 'scrypt$17$8$1$none$none', $4)", [TEST_OWNER.id, TEST_OWNER.email, TEST_OWNER.name, at]);
        await client.query("INSERT INTO api_tokens (id, token_hash, name, role, created_by, created_at) VALUES ('test-owner-token', $1, 'tests', 'owner', $2, $3)", [createHash('sha256').update(TEST_OWNER_TOKEN).digest('hex'), TEST_OWNER.id, at]);
      } finally {
        await client.end();
      }
    }
    const apps = createApps({ clinic: testConfig(), server, files: TEST_FILES, stores, secrets, logger: silentLogger });
    cleanups.unshift(() => apps.redeploys.stop());
    const admin = actingAsOwner(apps.admin);
    const request = (path: string, init?: RequestInit) => admin.request(path, init, fromAddress('127.0.0.1'));
    servers.push({
      dataDir: server.dataDir,
      stores,
      get: async () => (await (await request('/api/brand')).json()) as Body,
      put: (brand: unknown) => request('/api/brand', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ brand }) }),
    });
  }
  return { servers: servers as [(typeof servers)[0], (typeof servers)[0]], db };
}

describe('brand settings on two servers of one PostgreSQL database', () => {
  it('a brand saved through one server is what the other’s GET returns, at once', async () => {
    const { servers: [a, b] } = await twoServers();
    expect(await b.get()).toMatchObject({ stored: false, brand: { businessName: 'Summit Men’s Health' } });
    const brand = { businessName: 'Northstar Men’s Health', primaryColor: '#0f5132', font: 'source-sans-3', services: { peptideTherapy: true } };
    expect((await a.put(brand)).status).toBe(200);
    expect(await b.get()).toEqual({ success: true, stored: true, brand });
    // The saving server wrote its brand.yaml, as before.
    expect(parse(readFileSync(join(a.dataDir, BRAND_FILE), 'utf8'))).toEqual(brand);
    // And back the other way: a save through b is a's next GET.
    const next = { ...brand, primaryColor: '#7c2d12' };
    expect((await b.put(next)).status).toBe(200);
    expect(await a.get()).toEqual({ success: true, stored: true, brand: next });
    // One audit record per save, whichever server took it.
    const audit = await a.stores.audit.page({ action: 'brand.save' }, 1, 10);
    expect(audit.records).toHaveLength(2);
  });

  it('the brand.yaml of the release before, in the first server’s data folder, is imported and seen by the other', async () => {
    const old = '# clinic-gen brand settings\nbusinessName: Harbor Men’s Health\nprimaryColor: "#7c2d12"\n';
    const { servers: [, b] } = await twoServers({ [BRAND_FILE]: old });
    expect(await b.get()).toEqual({ success: true, stored: true, brand: { businessName: 'Harbor Men’s Health', primaryColor: '#7c2d12' } });
  });
});
