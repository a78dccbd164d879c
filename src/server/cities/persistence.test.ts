import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveServerConfig } from '../settings/config.js';
import { silentLogger } from '../log/logger.js';
import { serveClinic, type RunningServer } from '../serve.js';
import { adminFormConfig, storedTestApp, TEST_FILES, testConfig } from '../../../test/helpers/server-app.js';
import { apiToken, TEST_ADMIN_ENV } from '../../../test/helpers/accounts.js';
import { samplesDir } from './seed.js';

/**
 * What survives a restart, and the sample cities of a new data folder (the store's part of seeding,
 * once a store and the served clinic first, is in city-store.contract.test.ts).
 */
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
function app(dataDir?: string) {
  const t = storedTestApp(dataDir ? { dataDir } : {});
  closers.push(() => t.close());
  return t;
}

type Body = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Body;

describe('after a restart', () => {
  it('the cities, their versions and the link from each release to its config version are all there', async () => {
    const t1 = app();
    await t1.json('POST', '/api/cities', { config: adminFormConfig() });
    const r1 = (await body(await t1.json('POST', '/api/cities/tampa/deploy'))).releaseId;
    await t1.json('PUT', '/api/cities/tampa', { config: adminFormConfig({ phone: '(813) 555-0177' }), baseVersion: 1 });
    const r2 = (await body(await t1.json('POST', '/api/cities/tampa/deploy'))).releaseId;
    await t1.json('POST', '/api/cities/import', { files: [{ name: 'orlando.yaml', text: readFileSync(join(samplesDir(), 'orlando.yaml'), 'utf8') }] });
    await t1.json('DELETE', '/api/cities/orlando');
    await t1.close();

    const t2 = app(t1.dataDir);
    expect((await body(await t2.request('/api/cities'))).cities).toEqual([
      expect.objectContaining({ slug: 'tampa', version: 2, live: true, liveReleaseId: r2, liveConfigVersion: 2 }),
    ]);
    expect((await body(await t2.request('/api/cities/tampa'))).config).toMatchObject({ phone: '(813) 555-0177' });
    expect((await body(await t2.request('/api/cities/tampa/versions'))).versions).toMatchObject([
      { version: 2, savedAt: expect.any(String), releases: [r2] },
      { version: 1, savedAt: expect.any(String), releases: [r1] },
    ]);
    const deployment = ((await body(await t2.request('/api/deployments'))).deployments as Body[])[0]!;
    expect(deployment.releases).toEqual([
      // Each names who deployed it: here the test app's token (issue 39 item 5).
      { id: r2, createdAt: expect.any(String), live: true, configVersion: 2, deployedBy: 'token tests' },
      { id: r1, createdAt: expect.any(String), live: false, configVersion: 1, deployedBy: 'token tests' },
    ]);
    // The deleted city's history stayed: importing it again goes on after it.
    expect((await t2.request('/api/cities/orlando')).status).toBe(404);
    const again = await t2.json('POST', '/api/cities/import', { files: [{ name: 'orlando.yaml', text: readFileSync(join(samplesDir(), 'orlando.yaml'), 'utf8') }] });
    expect((await body(again)).imported).toEqual([{ file: 'orlando.yaml', slug: 'orlando', version: 2, created: true }]);
  });
});

describe('the sample cities', () => {
  it('are imported by the server on its first start unless turned off, and deploy with their pictures', async () => {
    // A samples folder and a served clinic's folder, each with a logo named by site path.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#123456"/></svg>';
    const folder = (city: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'clinic-configs-'));
      mkdirSync(join(dir, 'images'));
      writeFileSync(join(dir, 'images', `${city.toLowerCase()}.svg`), svg);
      const file = join(dir, `${city.toLowerCase()}.yaml`);
      writeFileSync(file, stringify(adminFormConfig({ city, website: `https://${city.toLowerCase()}.example.com`, logoUrl: `/images/${city.toLowerCase()}.svg` })));
      return { dir, file };
    };
    const samples = folder('Ocala');
    const served = folder('Lakeland');
    const start = async (seedSamples: boolean) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'clinic-first-start-'));
      // A data key of its own (never one made in the user's home) and the first owner.
      const resolved = resolveServerConfig({ flags: { port: 0, dataDir, seedSamples }, env: { DATA_KEY: randomBytes(32).toString('base64'), ...TEST_ADMIN_ENV } });
      if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
      const options = { clinic: testConfig(), server: resolved.config, files: TEST_FILES, logger: silentLogger, configPath: served.file, samplesDir: samples.dir };
      const server: RunningServer = await serveClinic(options);
      closers.push(() => server.close());
      return { url: server.url, sitesUrl: server.sitesUrl, headers: { Authorization: await apiToken(server.url) } };
    };
    const off = await start(false);
    expect(await (await fetch(`${off.url}/api/cities`, { headers: off.headers })).json()).toEqual({ success: true, cities: [] });

    const on = await start(true);
    const cities = ((await (await fetch(`${on.url}/api/cities`, { headers: on.headers })).json()) as { cities: { slug: string }[] }).cities;
    expect(cities.map((c) => c.slug)).toEqual(['lakeland', 'ocala']);
    for (const slug of ['lakeland', 'ocala']) {
      // Two bare test cities say nothing of their own: the operator confirms the doorway check's warning.
      const out = (await (await fetch(`${on.url}/api/cities/${slug}/deploy`, { method: 'POST', headers: { ...on.headers, 'Content-Type': 'application/json' }, body: '{"confirmDoorway":true}' })).json()) as Body;
      expect(out, slug).toMatchObject({ success: true, configVersion: 1 });
      expect(await (await fetch(`${on.sitesUrl}/sites/${slug}/logo.svg`)).text()).toContain('#123456');
    }
  });
});
