import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../../../test/helpers/server-app.js';

/**
 * Cross-site forgery through a CORS-safelisted label: a page elsewhere can `fetch(url, { mode:
 * 'no-cors', credentials: 'include' })` with a body labelled multipart/form-data or text/plain and
 * no preflight, and an older browser sends no Sec-Fetch-Site. The JSON routes take only bodies
 * labelled application/json, which no cross-site page can send without the preflight we refuse.
 */
const deploy = {
  domainName: 'tampa.example.com',
  businessName: 'Northstar',
  city: 'Tampa',
  files: { 'index.html': '<title>Forged</title>' },
  deploymentType: 'static',
};

describe('the admin JSON routes refuse bodies not labelled application/json', () => {
  it('a multipart-labelled JSON deploy without Sec-Fetch-Site is refused with 415 and deploys nothing', async () => {
    const t = adminTestApp();
    for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
      const res = await t.request('/api/deploy-website', { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(deploy) });
      expect(res.status).toBe(415);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ success: false, message: 'Deployment failed' });
      expect(body.error).toMatch(/^Unsupported media type: this call takes a JSON body with Content-Type: application\/json, not "multipart\/form-data/);
    }
    expect(existsSync(join(t.dataDir, 'deployments', 'tampa'))).toBe(false);
    expect(await (await t.request('/api/deployments')).json()).toEqual({ success: true, deployments: [] });
    expect((await t.site('http://tampa.example.com/')).status).not.toBe(200);
  });

  it.each([
    ['/api/generate-clinic-website', {}],
    ['/api/package-website', { city: 'Tampa', files: { 'index.html': 'x' } }],
    ['/api/previews', { files: { 'index.html': 'x' } }],
  ])('%s answers a multipart-labelled JSON body with 415 in the one failure shape', async (path, value) => {
    const t = adminTestApp();
    const res = await t.request(path, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: JSON.stringify(value) });
    expect(res.status).toBe(415);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/Unsupported media type: this call takes a JSON body/), message: expect.any(String) });
  });

  it('rollback takes an empty unlabelled body (the admin sends none) but not a labelled-otherwise JSON one', async () => {
    const t = adminTestApp();
    for (const marker of ['one', 'two', 'three']) {
      expect((await t.json('POST', '/api/deploy-website', { ...deploy, files: { 'index.html': `<title>${marker}</title>` } })).status).toBe(200);
    }
    const live = async () => (await (await t.site('/sites/tampa/')).text()).match(/<title>(\w+)<\/title>/)?.[1];
    const [oldest] = (await t.store.releaseIds('tampa')).sort();
    const forged = await t.request('/api/deployments/tampa/rollback', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: JSON.stringify({ release: oldest }),
    });
    expect(forged.status).toBe(415);
    expect(await live()).toBe('three');
    expect((await t.request('/api/deployments/tampa/rollback', { method: 'POST' })).status).toBe(200);
    expect(await live()).toBe('two');
  });

  it('the admin client label, application/json with a charset, is taken', async () => {
    const t = adminTestApp();
    const res = await t.request('/api/deploy-website', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(deploy) });
    expect(res.status).toBe(200);
  });
});
