import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { memoryLogger } from '../../src/server/log/logger.js';
import { serveClinic } from '../../src/server/serve.js';
import { TEST_FILES, testConfig } from '../helpers/server-app.js';
import { rawRequest, startTestServer, type TestServer, type TestServerOptions } from './helpers.js';

/** /healthz and /readyz on a real server: what a load balancer's probe sees on each listener. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started(env: Record<string, string> = {}, extra: TestServerOptions = {}): Promise<TestServer> {
  const server = await startTestServer(env, extra);
  cleanups.push(() => server.stop());
  return server;
}

/** A probe as a balancer sends it: the backend's address as Host, no credentials. */
async function probe(port: number, p: string): Promise<{ status: number; body: string; retryAfter?: string }> {
  const res = await rawRequest(port, [`GET ${p} HTTP/1.1\r\nHost: 10.1.2.3:${port}\r\nConnection: close\r\n\r\n`]);
  return { status: res.status, body: res.body, retryAfter: res.headers['retry-after'] };
}

describe('health and readiness on a real server', () => {
  it('answer on both listeners, with a password set and a Host no site answers to', async () => {
    const server = await started({ ADMIN_PASSWORD: 'health-password-1' });
    for (const port of [server.port, server.sitesPort]) {
      expect(await probe(port, '/healthz')).toMatchObject({ status: 200, body: '{"status":"ok"}' });
      expect(await probe(port, '/readyz')).toMatchObject({ status: 200, body: '{"status":"ready"}' });
    }
    // Everything else under that Host is still refused (the host guard is not bypassed).
    expect((await probe(server.port, '/api/messages')).status).toBe(421);
  });

  it('stays ready through a short lock held by another process, is not ready once it lasts, and ready again when it ends', async () => {
    const server = await started({}, { lockGraceMs: 300 });
    const other = new Database(server.store.location);
    cleanups.push(() => void other.close());
    other.exec('BEGIN IMMEDIATE');
    // Within the grace (a write would still be waiting for the lock): still ready.
    expect((await probe(server.port, '/readyz')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    const locked = await probe(server.port, '/readyz');
    expect(locked).toMatchObject({ status: 503, retryAfter: '1' });
    expect(JSON.parse(locked.body)).toEqual({ status: 'not ready', reason: 'database' });
    expect((await probe(server.port, '/healthz')).status).toBe(200);
    other.exec('COMMIT');
    expect((await probe(server.port, '/readyz')).status).toBe(200);
  });

  it('is live but not ready while the site is still being built', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-health-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // A data key of its own: without one the server would make a key file in the user's configuration folder.
    const settings = resolveServerConfig({ flags: { port: 0, dataDir }, env: { DATA_KEY: randomBytes(32).toString('base64') } });
    if (!settings.ok) throw new Error(settings.errors.join('\n'));
    let release!: (files: typeof TEST_FILES) => void;
    const files = new Promise<typeof TEST_FILES>((r) => (release = r));
    const logger = memoryLogger();
    const serving = serveClinic({ clinic: testConfig(), server: { ...settings.config, seedSamples: false }, files, logger });
    // Both ports are bound before the site is ready; the start-up log line names the admin's.
    const port = await builtPort(logger.events);
    expect(await probe(port, '/healthz')).toMatchObject({ status: 200 });
    const before = await probe(port, '/readyz');
    expect(before.status).toBe(503);
    expect(JSON.parse(before.body).reason).toBe('starting');
    release(TEST_FILES);
    const server = await serving;
    cleanups.push(() => server.close());
    expect((await probe(server.port, '/readyz')).status).toBe(200);
  });
});

/** The admin port from the `server.building` log line, waited for at most 5 s. */
async function builtPort(events: { event: string; fields?: Record<string, unknown> }[]): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const line = events.find((e) => e.event === 'server.building');
    if (line) return Number(new URL(String(line.fields?.url)).port);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server never said it was building');
}
