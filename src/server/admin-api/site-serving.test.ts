import { describe, expect, it } from 'vitest';
import { adminTestApp } from '../testing.js';

/** Sites served from this server's origin may only talk to the contact API. */
const files = {
  'index.html': '<!DOCTYPE html><title>Home</title>',
  '404.html': '<!DOCTYPE html><title>Missing</title><link rel="stylesheet" href="/assets/site.abc123.css"><a href="/">Home</a><a href="/contact/">Contact</a><a href="https://example.com/">Elsewhere</a>',
  'assets/site.abc123.css': 'body{color:#111}',
};

describe('a deployed site served under /sites/', () => {
  it('has a policy that lets its pages reach the contact API and nothing else of the server', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', { domainName: 'tampa.example.com', businessName: 'N', city: 'Tampa', files, deploymentType: 'static' });
    const res = await t.request('http://clinic.example.com/sites/tampa/');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('connect-src http://clinic.example.com/api/contact;');
    expect(csp).toContain('form-action http://clinic.example.com/api/contact;');
    expect(csp).not.toMatch(/connect-src 'self'/);
    // The server's own pages keep their ordinary policy.
    expect((await t.request('http://clinic.example.com/')).headers.get('content-security-policy')).toContain("connect-src 'self'");
  });

  it('answers an unknown path with the site 404 page, its root links pointing into the site', async () => {
    const t = adminTestApp();
    await t.json('POST', '/api/deploy-website', { domainName: 'tampa.example.com', businessName: 'N', city: 'Tampa', files, deploymentType: 'static' });
    const res = await t.request('/sites/tampa/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('href="/sites/tampa/assets/site.abc123.css"');
    expect(html).toContain('<a href="/sites/tampa/">Home</a><a href="/sites/tampa/contact/">Contact</a>');
    expect(html).toContain('<a href="https://example.com/">Elsewhere</a>');
  });
});
