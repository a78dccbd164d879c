import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTestApp, anonymous, basic, PNG, readZip } from '../../../test/helpers/server-app.js';

/** Deploys, the live sites, the deployments API, rollback and the release history. */
const site = (marker: string, extra: Record<string, string> = {}) => ({
  'index.html': `<!DOCTYPE html><title>Home ${marker}</title><a href="about/">About</a>`,
  'about/index.html': `<!DOCTYPE html><title>About ${marker}</title><a href="../">Home</a>`,
  '404.html': `<!DOCTYPE html><title>Missing ${marker}</title><a href="/">Home</a>`,
  'assets/site.abc123.css': 'body{color:#111}',
  ...extra,
});
const body = (marker: string, over: Record<string, unknown> = {}) => ({
  domainName: 'tampa.example.com',
  businessName: 'Northstar',
  city: 'Tampa',
  files: site(marker),
  deploymentType: 'static',
  ...over,
});

describe('deploy', () => {
  it('answers with the deployment URL on the sites listener and serves the site publicly there', async () => {
    const t = adminTestApp();
    const res = await t.json('POST', '/api/deploy-website', body('r1'), { Host: 'localhost:3000' });
    expect(res.status).toBe(200);
    const out = (await res.json()) as Record<string, string | boolean>;
    expect(out).toMatchObject({ success: true, deploymentUrl: 'http://127.0.0.1:3001/sites/tampa/' });
    expect(out.deploymentPath).toMatch(/^deployments\/tampa\/releases\/\d{8}T\d{9}Z-[0-9a-f]{8}$/);
    // Public: a request from anywhere, no password involved.
    const home = await t.sites.request('/sites/tampa/', {}, { incoming: { socket: { remoteAddress: '203.0.113.9' } } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Home r1');
    expect((await t.site('/sites/tampa/about/')).status).toBe(200);
    expect((await t.site('/sites/tampa/assets/site.abc123.css')).headers.get('cache-control')).toContain('immutable');
  });

  it('answers 507 with what to do when the disk is full, and the live site stays as it was', async () => {
    let full = false;
    const noSpace = async () => {
      if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const t = adminTestApp({}, { beforeSwitch: noSpace });
    expect((await t.json('POST', '/api/deploy-website', body('r1'))).status).toBe(200);
    full = true;
    const res = await t.json('POST', '/api/deploy-website', body('r2'));
    expect(res.status).toBe(507);
    const out = (await res.json()) as { success: boolean; error: string };
    expect(out.success).toBe(false);
    expect(out.error).toMatch(/^The server has no room left on its disk to store this.*Free some disk space/);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('Home r1');
  });

  it('redirects folder URLs to their slash and answers unknown paths with the site 404 page', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('r1'));
    const r = await t.site('/sites/tampa/about?x=1');
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe('/sites/tampa/about/?x=1');
    expect((await t.site('/sites/tampa')).headers.get('location')).toBe('/sites/tampa/');
    const missing = await t.site('/sites/tampa/no-such-page/');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Missing r1');
    const unknownSite = await t.site('/sites/orlando/');
    expect(unknownSite.status).toBe(404);
  });

  it('serves a deployment on its own domain by the Host header, on the sites listener only', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('r1'));
    const res = await t.site('http://tampa.example.com/about/');
    expect(await res.text()).toContain('About r1');
    expect(await (await t.site('http://tampa.example.com:8080/')).text()).toContain('Home r1');
    // The domain's /api/ is the server's, and the sites listener has no admin API.
    expect((await t.site('http://tampa.example.com/api/messages')).status).toBe(404);
    // The admin's listener does not answer to the deployed domain at all.
    expect((await t.request('http://tampa.example.com/api/messages')).status).toBe(421);
    expect((await t.request('http://tampa.example.com/')).status).toBe(421);
    expect((await t.site('http://other.example.com/')).status).toBe(421);
  });

  it('redirects the old addresses on the admin origin to the sites listener, serving nothing there', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('r1'));
    for (const [from, to] of [
      ['/sites/tampa/about/?x=1', 'http://127.0.0.1:3001/sites/tampa/about/?x=1'],
      ['/sites/tampa', 'http://127.0.0.1:3001/sites/tampa'],
      ['/admin/preview/0123456789abcdef0123456789abcdef/about/', 'http://127.0.0.1:3001/preview/0123456789abcdef0123456789abcdef/about/'],
    ]) {
      const res = await t.request(from!);
      expect(res.status, from).toBe(308);
      expect(res.headers.get('location')).toBe(to);
      expect(await res.text()).not.toContain('r1');
    }
  });

  it('refuses a domain that is an address of this server itself (409), and writes nothing', async () => {
    const t = adminTestApp({ publicUrl: 'https://clinic.example.com', sitesUrl: 'https://sites.example.com' });
    const auth = {}; // the test owner's token
    for (const domainName of ['clinic.example.com', 'sites.example.com', 'CLINIC.example.com']) {
      const res = await t.json('POST', '/api/deploy-website', body('x', { domainName }), auth);
      expect(res.status, domainName).toBe(409);
      expect(((await res.json()) as { error: string }).error).toContain('is an address of this server');
    }
    // The admin's own host name as the request named it.
    const own = await t.json('POST', '/api/deploy-website', body('x', { domainName: 'admin.example.com' }), { ...auth, Host: 'admin.example.com' });
    expect(own.status).toBe(421); // not even an allowed host
    expect(existsSync(join(t.dataDir, 'deployments', 'tampa'))).toBe(false);
  });

  it('lets only one of two concurrent deploys of other sites claim one domain', async () => {
    const t = adminTestApp();
    const cities = ['Tampa', 'Orlando', 'Lakeland', 'Ocala'];
    const answers = await Promise.all(cities.map((city, i) => t.json('POST', '/api/deploy-website', body(`c${i}`, { city, domainName: 'shared.example.com' }))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const live = (await (await t.request('/api/deployments')).json()) as { deployments: { domainName?: string }[] };
    expect(live.deployments.filter((d) => d.domainName === 'shared.example.com')).toHaveLength(1);
  });

  it('refuses a domain another live site already has, with the deployment response shape', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('r1'));
    const res = await t.json('POST', '/api/deploy-website', body('o1', { city: 'Orlando' }));
    expect(res.status).toBe(409);
    const out = (await res.json()) as Record<string, unknown>;
    expect(out).toMatchObject({ success: false, message: 'Deployment failed' });
    expect(out.error).toMatch(/tampa\.example\.com is already the domain of the live site tampa/);
  });

  it('requires files, a home page and a city', async () => {
    const t = adminTestApp();
    for (const [over, pattern] of [
      [{ files: {} }, /generate the website first/],
      [{ files: undefined }, /map of file name/],
      [{ files: { 'about/index.html': 'x' } }, /index\.html/],
      [{ city: '' }, /city/],
      // The brand site's name in the release store is not a city's to take.
      [{ city: 'Brand Site 0' }, /the name the brand site is kept under/],
      [{ domainName: 'https://x.example.com/' }, /domain name/],
      [{ files: { 'index.html': 'x', 'logo.png': 'not base64!' } }, /base64/],
      [{ files: { 'index.html': 'x', 'logo.png': Buffer.from('<svg/>').toString('base64') } }, /not a PNG/],
    ] as const) {
      const res = await t.json('POST', '/api/deploy-website', body('x', over));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(pattern);
    }
    expect(existsSync(join(t.dataDir, 'deployments'))).toBe(false);
  });

  it('serves binary files decoded', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('r1', { files: site('r1', { 'logo.png': PNG.toString('base64') }) }));
    const res = await t.site('/sites/tampa/logo.png');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('signed in or not', () => {
  it('serves deployed sites to everyone but deploys, deletes and previews only to a signed-in caller', async () => {
    const t = adminTestApp();
    const retired = { Authorization: basic('a long admin passphrase') };
    expect((await t.json('POST', '/api/deploy-website', body('p1'), anonymous)).status).toBe(401);
    expect((await t.json('POST', '/api/deploy-website', body('p1'), retired)).status).toBe(401);
    expect(existsSync(join(t.dataDir, 'deployments', 'tampa'))).toBe(false);
    // The test owner's token.
    expect((await t.json('POST', '/api/deploy-website', body('p1'))).status).toBe(200);
    expect((await t.site('/sites/tampa/')).status).toBe(200);
    expect((await t.request('/sites/tampa/', { method: 'DELETE', headers: anonymous })).status).toBe(401);
    expect((await t.site('/sites/tampa/', { method: 'DELETE' })).status).toBe(404);
    expect((await t.request('/api/deployments/tampa', { method: 'DELETE', headers: anonymous })).status).toBe(401);
    expect((await t.request('/api/deployments', { headers: anonymous })).status).toBe(401);
    expect((await t.site('/sites/tampa/')).status).toBe(200);
    // The admin page is the sign-in page to anyone; what it shows (a preview, the data) is not.
    expect((await t.request('/admin', { headers: anonymous })).status).toBe(200);
    const preview = '/admin/preview/0123456789abcdef0123456789abcdef/';
    expect((await t.request(preview, { headers: anonymous })).status).toBe(401);
    expect((await t.request(preview)).status).toBe(308);
  });
});

describe('deployments API', () => {
  it('lists live sites, deletes one (it stops being served), and 404s a second delete', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('t1'));
    await t.json('POST', '/api/deploy-website', body('o1', { city: 'Orlando', domainName: 'orlando.example.com' }));
    const list = (await (await t.request('/api/deployments')).json()) as { success: boolean; deployments: { siteName: string; lastModified: string }[] };
    expect(list.success).toBe(true);
    expect(list.deployments.map((d) => d.siteName)).toEqual(['orlando', 'tampa']);
    expect(Number.isNaN(Date.parse(list.deployments[0]!.lastModified))).toBe(false);
    expect(await (await t.request('/api/deployments/tampa', { method: 'DELETE' })).json()).toEqual({ success: true });
    expect((await t.site('/sites/tampa/')).status).toBe(404);
    expect((await t.request('/api/deployments/tampa', { method: 'DELETE' })).status).toBe(404);
    const after = (await (await t.request('/api/deployments')).json()) as { deployments: { siteName: string }[] };
    expect(after.deployments.map((d) => d.siteName)).toEqual(['orlando']);
    // The domain is free again once its site is gone.
    expect((await t.json('POST', '/api/deploy-website', body('x1', { city: 'Lutz' }))).status).toBe(200);
  });

  it('rolls back to the previous release and keeps the last 10', async () => {
    const t = adminTestApp();
    for (let i = 1; i <= 12; i++) expect((await t.json('POST', '/api/deploy-website', body(`r${i}`))).status).toBe(200);
    const releases = readdirSync(join(t.dataDir, 'deployments/tampa/releases')).filter((n) => !n.startsWith('.'));
    expect(releases).toHaveLength(10);
    expect(lstatSync(join(t.dataDir, 'deployments/tampa/current')).isSymbolicLink()).toBe(true);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('Home r12');
    const back = await t.request('/api/deployments/tampa/rollback', { method: 'POST' });
    expect(back.status).toBe(200);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('Home r11');
    const current = readlinkSync(join(t.dataDir, 'deployments/tampa/current'));
    expect(releases).toContain(current.replace('releases/', ''));
    // A named release; an unknown one is refused.
    const oldest = releases.sort()[0]!;
    expect((await t.json('POST', '/api/deployments/tampa/rollback', { release: oldest })).status).toBe(200);
    expect(await (await t.site('/sites/tampa/')).text()).toContain('Home r3');
    expect((await t.json('POST', '/api/deployments/tampa/rollback', { release: 'nope' })).status).toBe(409);
    expect((await t.request('/api/deployments/orlando/rollback', { method: 'POST' })).status).toBe(404);
  });

  it('streams a live site as {citySlug}-replit-deployment.zip', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', body('z1', { files: site('z1', { 'logo.png': PNG.toString('base64') }) }));
    const res = await t.request('/api/deployments/tampa/package');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tampa-replit-deployment.zip"');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(['404.html', 'DEPLOY.md', 'about/index.html', 'assets/site.abc123.css', 'index.html', 'logo.png']);
    expect(entries.find((e) => e.name === 'logo.png')!.data.equals(PNG)).toBe(true);
    expect((await t.request('/api/deployments/orlando/package')).status).toBe(404);
  });
});
