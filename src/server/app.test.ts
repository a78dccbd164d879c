import { describe, expect, it } from 'vitest';
import type { ServerConfig } from './settings/config.js';
import { anonymous, basic, fromAddress, testApp } from '../../test/helpers/server-app.js';

const app = (server: Partial<ServerConfig> = {}) => testApp({ server });

describe('serving the site', () => {
  it('serves / and directory pages from the files map with a short cache', async () => {
    const res = await app().request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(await res.text()).toContain('<title>Home</title>');
    const sub = await app().request('/trt-therapy/');
    expect(await sub.text()).toContain('<title>TRT Therapy</title>');
  });

  it('redirects a directory without its slash (308) so relative links resolve, keeping the query', async () => {
    const res = await app().request('/trt-therapy?utm_source=x');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/trt-therapy/?utm_source=x');
  });

  it('serves hashed assets as immutable with the right types', async () => {
    const css = await app().request('/assets/site.3f9a1c2b.css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const js = await app().request('/assets/contact.9e8d7c6b.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await app().request('/sitemap.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await app().request('/robots.txt')).headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await app().request('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers unknown paths with the 404 page and status 404, the page\'s own address included', async () => {
    for (const path of ['/no-such-page/', '/404.html']) {
      const res = await app().request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Page Not Found');
    }
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const first = await app().request('/about/');
    const etag = first.headers.get('etag')!;
    const again = await app().request('/about/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const head = await app().request('/about/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('security headers', () => {
  it('puts CSP, nosniff, referrer policy on every response, 404 and redirects included', async () => {
    for (const path of ['/', '/nope', '/trt-therapy', '/api/messages']) {
      const res = await app().request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS over https, and over a trusted proxy that says https, but not for a forged header', async () => {
    expect((await app().request('https://clinic.example.com/')).headers.get('strict-transport-security')).toContain('max-age=');
    const viaProxy = app({ trustProxy: ['loopback'] });
    const init = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect((await viaProxy.request('/', init, fromAddress('127.0.0.1'))).headers.get('strict-transport-security')).toContain('max-age=');
    expect((await viaProxy.request('/', init, fromAddress('203.0.113.9'))).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('paths that try to escape the site or the sign-in', () => {
  // Every request here is anonymous: no session cookie, no API token.
  const locked = () => {
    const a = app();
    return { request: (path: string, init: RequestInit = {}) => a.request(path, { ...init, headers: { ...anonymous, ...(init.headers as Record<string, string>) } }) };
  };

  it.each(['/..%2f..%2fetc/passwd', '/assets/..%5c..%5cpackage.json', '/%2Fadmin', '/admin%2f..%2fapi/messages', '/a%00b', '/%E0%A4%A'])(
    '%s is a 400 and shows no file',
    async (path) => {
      const res = await locked().request(path);
      expect(res.status).toBe(400);
      expect(await res.text()).not.toMatch(/root:|"name"/);
    },
  );

  it('/%2e%2e/%2e%2e/etc/passwd is resolved by the URL parser to /etc/passwd, which the site does not have', async () => {
    const res = await locked().request('/%2e%2e/%2e%2e/etc/passwd');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page Not Found');
  });

  it('//admin redirects to /admin, the sign-in page, whose data ask for a sign-in', async () => {
    const res = await locked().request('//admin');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/admin');
    // The page itself (the sign-in gate) answers anyone; everything it shows comes from the API.
    const page = await locked().request('/admin');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await (await locked().request('/api/session')).json()).toMatchObject({ success: true, signedIn: false });
    expect((await locked().request('/api/cities')).status).toBe(401);
  });

  it('/admin/../api/messages resolves to /api/messages and asks for a sign-in', async () => {
    const res = await locked().request('/admin/../api/messages');
    expect(res.status).toBe(401);
    // No Basic challenge: a browser would offer a saved password the admin no longer takes.
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(((await res.json()) as { error: string }).error).toContain('/admin');
  });

  it('encoded letters and upper case do not get around the guard', async () => {
    expect((await locked().request('/api/%6Dessages')).status).toBe(401);
    expect((await locked().request('/API/messages')).status).toBe(401);
    expect((await locked().request('/Api/Deployments')).status).toBe(401);
    expect((await locked().request('/Admin/Preview/x/')).status).toBe(401);
    expect((await locked().request('/admin/%70review/x/')).status).toBe(401);
  });

  it('the admin API createApp mounts falls under the same guard', async () => {
    expect((await locked().request('/api/deployments')).status).toBe(401);
    // The retired shared password opens nothing.
    expect((await locked().request('/api/deployments', { headers: { Authorization: basic('pw-123456789012') } })).status).toBe(401);
    // The test owner's API token (testApp adds it unless a request names its own Authorization).
    const ok = await app().request('/api/deployments');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, deployments: [] });
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });
});
