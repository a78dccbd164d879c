import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { serveClinic, type RunningServer } from '../../src/server/serve.js';
import { TEST_FILES, testConfig } from '../../test/helpers/server-app.js';
import { benchOwner } from './owner.js';

/**
 * Issue 14: how long after a deploy on one server another server of the group serves it
 * (LISTEN/NOTIFY, then a reload of that site into memory). Two servers on one PostgreSQL; each
 * round deploys a release with a new marker through the first server's API and polls the second's
 * sites listener every 2 ms until the marker shows. Budget: p99 <= 1 s.
 */
export async function benchPropagation(databaseUrl: string, rounds = 60): Promise<{ p50: number; p99: number; max: number; rounds: number }> {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  // Servers of a group share their data key.
  const DATA_KEY = randomBytes(32).toString('base64');
  const start = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-bench-pg-'));
    dirs.push(dataDir);
    const settings = resolveServerConfig({ flags: { port: 0, dataDir, rateLimit: 0, seedSamples: false }, env: { DATABASE_URL: databaseUrl, DATA_KEY } });
    if (!settings.ok) throw new Error(settings.errors.join('\n'));
    const s = await serveClinic({ clinic: testConfig(), server: settings.config, files: TEST_FILES, logger: silentLogger });
    servers.push(s);
    return s;
  };
  try {
    const a = await start();
    const b = await start();
    // The deploys go through the first server's API as a script's would: with an owner's token.
    const { authorization } = await benchOwner(a.store);
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const marker = `release ${i} ${Math.random().toString(36).slice(2)}`;
      const files = { ...TEST_FILES, 'index.html': `<!doctype html><title>Bench</title><h1>${marker}</h1>` };
      const t0 = performance.now();
      const res = await fetch(`${a.url}/api/deploy-website`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body: JSON.stringify({ city: 'Propagation', files }) });
      if (res.status !== 200) throw new Error(`deploy answered ${res.status}: ${await res.text()}`);
      const deadline = t0 + 10_000;
      for (;;) {
        const page = await fetch(`${b.sitesUrl}/sites/propagation/`);
        if (page.status === 200 && (await page.text()).includes(marker)) break;
        if (performance.now() > deadline) throw new Error(`round ${i}: not served by the second server after 10 s`);
        await new Promise((r) => setTimeout(r, 2));
      }
      times.push(performance.now() - t0);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
    return { p50: at(0.5), p99: at(0.99), max: at(1), rounds };
  } finally {
    for (const s of servers) await s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
