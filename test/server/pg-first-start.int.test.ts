import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { memoryLogger } from '../../src/server/log/logger.js';
import { createPool, migratePg } from '../../src/server/pg/connect.js';
import { serveClinic } from '../../src/server/serve.js';
import { freshDatabase } from '../helpers/pg.js';
import { TEST_FILES, testConfig } from '../helpers/server-app.js';

/**
 * Issue 26: a first start on a fresh PostgreSQL database binds its ports at once and answers
 * /readyz with 503 and a reason while the sample cities are being seeded (held back here by a
 * lock on the cities table), then 200.
 */
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const probe = (port: number, p: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: p }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a first start on PostgreSQL', () => {
  it('is live but not ready while it seeds the sample cities, then ready', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    // The schema first, so this test can hold the cities table while the server seeds it.
    const pool = createPool(db.url, { size: 2 });
    await migratePg(pool, db.name);
    await pool.end();
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE cities IN EXCLUSIVE MODE');

    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-pg-first-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const settings = resolveServerConfig({
      flags: { port: 0, dataDir },
      env: { DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1', DATA_KEY: randomBytes(32).toString('base64') },
    });
    if (!settings.ok) throw new Error(settings.errors.join('\n'));
    const logger = memoryLogger();
    const serving = serveClinic({ clinic: testConfig(), server: { ...settings.config, seedSamples: true }, files: TEST_FILES, logger });
    let port: number | undefined;
    for (let i = 0; i < 200 && port === undefined; i++) {
      const line = logger.events.find((e) => e.event === 'server.building');
      if (line) port = Number(new URL(String(line.fields?.url)).port);
      else await new Promise((r) => setTimeout(r, 25));
    }
    expect(port).toBeDefined();
    // Seeding waits on the lock: the port answers, live but not ready, and says why.
    expect((await probe(port!, '/healthz')).status).toBe(200);
    const held = await probe(port!, '/readyz');
    expect(held.status).toBe(503);
    expect(JSON.parse(held.body)).toMatchObject({ reason: 'starting' });
    await holder.query('COMMIT');
    const server = await serving;
    cleanups.push(() => server.close());
    expect((await probe(server.port, '/readyz')).status).toBe(200);
    const seeded = new pg.Client({ connectionString: db.url });
    await seeded.connect();
    const n = Number((await seeded.query<{ n: string }>('SELECT count(*) AS n FROM cities')).rows[0]!.n);
    await seeded.end();
    expect(n).toBeGreaterThanOrEqual(3);
  });
});
