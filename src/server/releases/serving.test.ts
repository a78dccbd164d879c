import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../../../test/helpers/server-app.js';

/** Hosted sites live on the sites listener, whose policy lets them reach only their own origin and the admin's contact API. */
const files = {
  'index.html': '<!DOCTYPE html><title>Home</title>',
  '404.html': '<!DOCTYPE html><title>Missing</title><link rel="stylesheet" href="/assets/site.abc123.css"><a href="/">Home</a><a href="/contact/">Contact</a><a href="https://example.com/">Elsewhere</a>',
  'assets/site.abc123.css': 'body{color:#111}',
};

describe('a deployed site served under /sites/', () => {
  it('has a policy that lets its pages reach their own origin and the admin contact API, nothing else of the admin', async () => {
    const t = adminTestApp({ publicUrl: 'https://clinic.example.com' });
    await t.json('POST', '/api/deploy-website', { domainName: 'tampa.example.com', businessName: 'N', city: 'Tampa', files, deploymentType: 'static' });
    const res = await t.site('/sites/tampa/');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://clinic.example.com/api/contact', 'http://127.0.0.1:3000/api/contact']));
    // Every admin origin named is path-limited to its contact API.
    for (const source of connect.filter((s) => s !== "'self'")) expect(source).toMatch(/\/api\/contact$/);
    expect(/form-action ([^;]*)/.exec(csp)![1]).toBe(connect.join(' '));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('answers an unknown path with the site 404 page, its root links pointing into the site', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', { domainName: 'tampa.example.com', businessName: 'N', city: 'Tampa', files, deploymentType: 'static' });
    const res = await t.site('/sites/tampa/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('href="/sites/tampa/assets/site.abc123.css"');
    expect(html).toContain('<a href="/sites/tampa/">Home</a><a href="/sites/tampa/contact/">Contact</a>');
    expect(html).toContain('<a href="https://example.com/">Elsewhere</a>');
  });

  it('answers a missing address under /es/ with the Spanish not-found page, and one elsewhere with the English (issue 40)', async () => {
    const t = adminTestApp();
    const spanish = { ...files, 'es/index.html': '<!DOCTYPE html><title>Inicio</title>', 'es/404.html': '<!DOCTYPE html><html lang="es"><title>Página no encontrada</title><a href="/es/">Inicio</a>' };
    await t.json('POST', '/api/deploy-website', { domainName: 'tampa.example.com', businessName: 'N', city: 'Tampa', files: spanish, deploymentType: 'static' });
    const es = await t.site('/sites/tampa/es/no-existe/');
    expect(es.status).toBe(404);
    const html = await es.text();
    expect(html).toContain('<title>Página no encontrada</title>');
    expect(html).toContain('<a href="/sites/tampa/es/">Inicio</a>');
    const en = await t.site('/sites/tampa/esto/');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('<title>Missing</title>');
  });

  it('answers an address of no deployed site saying the page was not found (decision 15), and /api with the JSON failure', async () => {
    const t = adminTestApp();
    for (const path of ['/sites/nowhere/', '/no/such/page']) {
      const res = await t.site(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Page Not Found. There is no page at this address. The link may be old, or the address may be mistyped.');
    }
    const api = await t.site('/api/nothing');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: string }).error).toBe('Not found');
  });
});
