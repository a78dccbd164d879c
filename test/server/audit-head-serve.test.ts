import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHead, verifyTrail } from '../../src/server/audit/index.js';
import { memoryLogger } from '../../src/server/log/logger.js';
import { serveClinic } from '../../src/server/serve.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { openTaskStore } from '../../src/server/tasks/admin-tasks.js';
import { apiToken, TEST_ADMIN_ENV } from '../helpers/accounts.js';
import { TEST_FILES, testConfig } from '../helpers/server-app.js';

/**
 * `serve` writes the audit trail's head to its log at start and at stop (and every 100 records,
 * head.ts), outside the database (issue 38 item 5): the head logged at stop is what `audit verify
 * --head` later checks the trail against. The line holds a number and a MAC, nothing of a patient.
 */
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

describe('serve', () => {
  it('logs the trail’s head at start and at stop, and the stopped head verifies', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-audit-head-'));
    closers.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_KEY: randomBytes(32).toString('base64'), ...TEST_ADMIN_ENV };
    const resolved = resolveServerConfig({ flags: { port: 0, sitesPort: 0, dataDir, seedSamples: false }, env });
    if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
    const logger = memoryLogger();
    const server = await serveClinic({ clinic: testConfig(), server: resolved.config, files: TEST_FILES, logger });
    let open = true;
    closers.push(() => (open ? server.close() : undefined));
    // A sign-in and a read: records appended while the server runs.
    const token = await apiToken(server.url);
    expect((await fetch(`${server.url}/api/audit`, { headers: { Authorization: token } })).status).toBe(200);
    await server.close();
    open = false;

    const heads = logger.events.filter((e) => e.event === 'audit.head').map((e) => e.fields as { moment: string; seq: number; mac: string; verify: string });
    expect(heads.map((h) => h.moment)).toEqual(['start', 'stop']);
    const stop = heads[1]!;
    expect(stop.seq).toBeGreaterThan(heads[0]!.seq);
    expect(stop.verify).toBe(`clinic-gen audit verify --head ${stop.seq}:${stop.mac}`);
    expect(Object.keys(stop).sort()).toEqual(['mac', 'moment', 'seq', 'verify']);

    const t = await openTaskStore({ dataDir, env });
    closers.push(() => t.close());
    const head = parseHead(`${stop.seq}:${stop.mac}`);
    expect(head.ok && (await verifyTrail(t.auditKey, t.store.audit, head.head))).toMatchObject({ ok: true, count: stop.seq });
  });
});
