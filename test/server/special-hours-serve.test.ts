import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/config/special-hours-days.js';
import { localDate } from '../../src/config/time-zone.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { serveClinic, type RunningServer } from '../../src/server/serve.js';
import { apiToken, TEST_ADMIN_ENV } from '../helpers/accounts.js';
import { adminFormConfig, TEST_FILES, testConfig } from '../helpers/server-app.js';

/**
 * `serve` runs the special-hours redeploy (src/server/cities/special-hours-redeploy.ts, tested with
 * an injected clock in special-hours-redeploy.test.ts): a city deployed today with a closure the
 * day after tomorrow is redeployed by a server whose clock reads three days on, at its first look
 * after it starts, and the trail says why.
 */
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

describe('serve', () => {
  it('redeploys a live city whose special hours ended, by itself, audited', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-special-hours-serve-'));
    closers.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_KEY: randomBytes(32).toString('base64'), ...TEST_ADMIN_ENV };
    const start = async (now?: () => Date) => {
      const resolved = resolveServerConfig({ flags: { port: 0, dataDir, seedSamples: false }, env });
      if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
      const server: RunningServer = await serveClinic({ clinic: testConfig(), server: resolved.config, files: TEST_FILES, logger: silentLogger, now });
      closers.push(() => server.close());
      return server;
    };
    // Tampa's day today (Eastern): a closure the day after tomorrow.
    const today = localDate(new Date(), 'America/New_York');
    const closure = addDays(today, 2);
    const first = await start();
    const headers = { Authorization: await apiToken(first.url), 'Content-Type': 'application/json' };
    const call = (server: RunningServer, method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await call(first, 'POST', '/api/cities', { config: adminFormConfig({ specialHours: [{ label: 'Inventory day', date: closure, closed: true }] }) })).status).toBe(201);
    const deployed = (await (await call(first, 'POST', '/api/cities/tampa/deploy', {})).json()) as { releaseId: string };
    expect(await (await fetch(`${first.sitesUrl}/sites/tampa/`)).text()).toContain('Inventory day');
    await first.close();

    // Three days on: the closure is over; the server's first look redeploys Tampa.
    const later = await start(() => new Date(Date.now() + 3 * 86_400_000));
    const records = async () => (await later.store.audit.page({ action: 'city.auto_redeploy' }, 1, 10)).records;
    await vi.waitFor(async () => expect(await records()).toHaveLength(1), { timeout: 30_000, interval: 50 });
    const [record] = await records();
    expect(record).toMatchObject({ actorLabel: 'clinic-gen serve', city: 'tampa', outcome: 200 });
    expect(record!.object).toMatch(new RegExp(`^city=tampa version=1 release=\\S+ reason=special hours: Inventory day ended$`));
    const live = await later.store.releases.currentId('tampa');
    expect(live).not.toBe(deployed.releaseId);
    expect(await (await fetch(`${later.sitesUrl}/sites/tampa/`)).text()).not.toContain('Inventory day');
  });
});
