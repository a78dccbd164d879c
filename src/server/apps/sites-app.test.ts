import { describe, expect, it } from 'vitest';
import { adminTestApp, logoForm, PNG, validMessage } from '../../../test/helpers/server-app.js';
import type { ServerConfig } from '../settings/config.js';

/** The sites listener: hosted content and the contact API, and nothing of the admin. */
const files = {
  'index.html': '<!DOCTYPE html><title>Preview home</title><a href="about/">About</a>',
  'about/index.html': '<!DOCTYPE html><title>Preview about</title>',
};

describe('previews', () => {
  it('are created on the admin and served on the sites listener only', async () => {
    const t = adminTestApp();
    const made = await t.json('POST', '/api/previews', { files });
    expect(made.status).toBe(201);
    const { id, url } = (await made.json()) as { id: string; url: string };
    expect(url).toBe(`http://127.0.0.1:3001/preview/${id}/`);
    const page = await t.site(`/preview/${id}/about/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Preview about');
    expect((await t.site(`/preview/${id}`)).headers.get('location')).toBe(`/preview/${id}/`);
    // The admin's origin redirects its old preview address and serves none of the files.
    const old = await t.request(`/admin/preview/${id}/about/`);
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe(`http://127.0.0.1:3001/preview/${id}/about/`);
    expect((await t.request(`/preview/${id}/`)).status).toBe(404);
    expect((await t.site(`/preview/${'0'.repeat(32)}/`)).status).toBe(404);
  });
});

describe('the sites listener', () => {
  it('has no admin, no admin API and no uploads, with or without a password', async () => {
    const t = adminTestApp();
    const upload = await t.request('/api/upload-logo', { method: 'POST', body: logoForm(PNG) });
    const { logoUrl } = (await upload.json()) as { logoUrl: string };
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', files });
    for (const [method, path] of [
      ['GET', '/admin'],
      ['GET', '/admin/preview/x/'],
      ['GET', '/api/messages'],
      ['GET', '/api/messages.csv'],
      ['GET', '/api/deployments'],
      ['DELETE', '/api/deployments/tampa'],
      ['POST', '/api/deploy-website'],
      ['POST', '/api/previews'],
      ['POST', '/api/upload-logo'],
      ['GET', logoUrl],
      ['GET', '/'],
    ] as const) {
      const res = await t.site(path, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.site('/sites/tampa/')).status).toBe(200);
  });

  it('takes contact posts into the same store the admin reads', async () => {
    const t = adminTestApp({ rateLimit: 0 });
    const res = await t.site('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage()) });
    expect(res.status).toBe(201);
    const list = (await (await t.request('/api/messages')).json()) as { total: number };
    expect(list.total).toBe(1);
  });
});

describe('a deployed page posting to the admin’s /api/contact by the name the visitor used', () => {
  /** Deploys Tampa and Orlando, posts as a page of the sites listener would, and lists what was stored. */
  async function sendFrom(server: Partial<ServerConfig>, endpoint: string, headers: Record<string, string>, body = { ...validMessage(), site: 'tampa', page: 'contact/' }) {
    const t = adminTestApp({ rateLimit: 0, ...server });
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', files });
    await t.json('POST', '/api/deploy-website', { city: 'Orlando', files });
    const res = await t.request(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const list = (await (await t.request('/api/messages')).json()) as { messages: { site: string; city: string; origin: string; registered: boolean }[] };
    return { res, stored: list.messages.map((m) => [m.site, m.city, m.origin, m.registered]) };
  }

  it('is filed under Tampa, from an address registered for it, when the visitor came by an ALLOWED_HOSTS name (docs example)', async () => {
    const origin = 'http://clinic.lan:3001';
    const { res, stored } = await sendFrom({ host: '0.0.0.0', allowedHosts: ['clinic.lan'] }, 'http://clinic.lan:3000/api/contact', { Origin: origin, Referer: `${origin}/sites/tampa/contact/` });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(stored).toEqual([['tampa', 'Tampa', origin, true]]);
  });

  it('is filed from localhost as well as 127.0.0.1 with the default host', async () => {
    const { res, stored } = await sendFrom({}, '/api/contact', { Origin: 'http://localhost:3001', Referer: 'http://localhost:3001/sites/tampa/contact/' });
    expect(res.status).toBe(201);
    expect(stored).toEqual([['tampa', 'Tampa', 'http://localhost:3001', true]]);
  });

  it('files a form naming Orlando under Orlando, whatever page of the sites origin sent it', async () => {
    const from = { Origin: 'http://127.0.0.1:3001', Referer: 'http://127.0.0.1:3001/sites/tampa/contact/' };
    const { res, stored } = await sendFrom({}, '/api/contact', from, { ...validMessage(), site: 'orlando', page: 'contact/' });
    expect(res.status).toBe(201);
    expect(stored).toEqual([['orlando', 'Orlando', 'http://127.0.0.1:3001', true]]);
  });

  it.each([
    ['a name the sites listener does not answer to', 'http://evil.example:3001'],
    ['an allowed name on another port', 'http://clinic.lan:3002'],
    ['the admin’s own port from another name', 'http://localhost.evil.example:3000'],
  ])('is filed under the city its form names from %s, marked as not registered', async (_name, origin) => {
    const { res, stored } = await sendFrom({ host: '0.0.0.0', allowedHosts: ['clinic.lan'] }, 'http://clinic.lan:3000/api/contact', { Origin: origin });
    expect(res.status).toBe(201);
    expect(stored).toEqual([['tampa', 'Tampa', origin, false]]);
  });

  it('may reach the admin’s endpoint under each name the admin answers to, by the hosted pages’ CSP', async () => {
    const lan = adminTestApp({ host: '0.0.0.0', allowedHosts: ['clinic.lan'] });
    await lan.json('POST', '/api/deploy-website', { city: 'Tampa', files });
    const csp = (await lan.site('/sites/tampa/', { headers: { Host: 'clinic.lan:3001' } })).headers.get('content-security-policy') ?? '';
    for (const directive of ['connect-src', 'form-action']) {
      expect(csp).toMatch(new RegExp(`${directive} 'self' [^;]*http://clinic\\.lan:3000/api/contact`));
    }
    expect(csp).not.toContain(':3001/api/contact');
    const ip = adminTestApp({ host: '192.168.1.20', allowedHosts: [] });
    await ip.json('POST', '/api/deploy-website', { city: 'Tampa', files });
    const ipCsp = (await ip.site('/sites/tampa/', { headers: { Host: '192.168.1.20:3001' } })).headers.get('content-security-policy');
    expect(ipCsp).toContain('connect-src \'self\' http://localhost:3000/api/contact http://127.0.0.1:3000/api/contact http://192.168.1.20:3000/api/contact;');
  });
});

describe('a site on its own domain reached by the sites listener over http or its port', () => {
  it('files its posts under the city its form names, registered for its own city only', async () => {
    const t = adminTestApp({ rateLimit: 0 });
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', domainName: 'tampa.example', files });
    await t.json('POST', '/api/deploy-website', { city: 'Orlando', files });
    const origin = 'http://tampa.example:3001';
    const res = await t.site('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'tampa.example:3001', Origin: origin, Referer: `${origin}/contact/` },
      body: JSON.stringify({ ...validMessage(), site: 'tampa', page: 'contact/' }),
    });
    expect(res.status).toBe(201);
    const other = await t.site('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'tampa.example:3001', Origin: origin, Referer: `${origin}/contact/` },
      body: JSON.stringify({ ...validMessage(), site: 'orlando', page: 'contact/' }),
    });
    expect(other.status).toBe(201);
    const list = (await (await t.request('/api/messages')).json()) as { messages: { site: string; city: string; registered: boolean }[] };
    expect(list.messages.map((m) => [m.site, m.city, m.registered])).toEqual([
      ['orlando', 'Orlando', false],
      ['tampa', 'Tampa', true],
    ]);
  });
});
