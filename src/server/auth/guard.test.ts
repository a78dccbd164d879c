import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pathGuard } from '../http/path-guard.js';
import { contentSecurityPolicy, securityHeaders } from '../http/security-headers.js';
import { basic, fromAddress } from '../../../test/helpers/server-app.js';
import type { AppEnv } from '../http/app-env.js';
import { basicPassword } from './basic-auth.js';
import { adminGuard, isProtectedPath } from './guard.js';

const PASSWORD = 'correct horse battery staple';

/** The guard as createApp stacks it (headers, path guard, guard), in front of stand-in routes. */
function setup(options: { adminPassword?: string; failuresGlobal?: number; now?: () => number; extraOrigins?: string[]; trusted?: string[] } = {}) {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ csp: contentSecurityPolicy(), trusted: new Set() }));
  app.use(pathGuard());
  app.use(
    adminGuard({
      adminPassword: options.adminPassword,
      trusted: new Set(options.trusted),
      extraOrigins: options.extraOrigins ?? [],
      failuresPerClient: 20,
      failuresGlobal: options.failuresGlobal ?? 100,
      now: options.now,
    }),
  );
  app.post('/api/deploy-website', (c) => c.json({ success: true }));
  app.delete('/api/deployments/:site', (c) => c.json({ success: true }));
  app.get('/api/messages', (c) => c.json({ success: true }));
  app.get('/admin', (c) => c.html('<h1>Admin</h1>'));
  // A response whose headers cannot be changed in place.
  app.get('/admin/go', () => Response.redirect('http://localhost/admin/', 302));
  return app;
}

describe('which paths are admin', () => {
  it.each([
    ['/admin', 'GET', true],
    ['/admin/', 'GET', true],
    ['/api/messages', 'GET', true],
    ['/api/contact', 'GET', true],
    ['/api/contact', 'POST', false],
    ['/api/contact', 'OPTIONS', false],
    ['/sites/tampa/', 'GET', false],
    ['/sites/tampa/', 'HEAD', false],
    ['/sites/tampa/', 'DELETE', true],
    ['/sites/tampa/', 'POST', true],
    ['/about/', 'GET', false],
  ])('%s %s -> protected %s', (path, method, expected) => {
    expect(isProtectedPath(path as string, method as string)).toBe(expected);
  });
});

describe('with ADMIN_PASSWORD', () => {
  const app = setup({ adminPassword: PASSWORD });

  it('asks for Basic auth, accepts the password with the user name admin only, refuses a wrong one', async () => {
    const none = await app.request('/admin');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Basic realm=');
    expect((await app.request('/admin', { headers: { Authorization: basic(PASSWORD) } })).status).toBe(200);
    // The attack: any user name with the password used to pass.
    for (const user of ['operator', 'Admin', '', 'admin ']) {
      expect((await app.request('/admin', { headers: { Authorization: basic(PASSWORD, user) } })).status, user).toBe(401);
    }
    expect((await app.request('/admin', { headers: { Authorization: basic('wrong') } })).status).toBe(401);
    expect((await app.request('/admin', { headers: { Authorization: 'Bearer x' } })).status).toBe(401);
  });

  it('refuses an /api call in the one API failure shape, and /admin in plain text', async () => {
    const api = await app.request('/api/messages');
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ success: false, error: 'Authentication required', message: 'Authentication required' });
    expect(await (await app.request('/admin')).text()).toBe('Authentication required');
  });

  it('marks admin answers no-store, refusals included', async () => {
    expect((await app.request('/api/messages')).headers.get('cache-control')).toBe('no-store');
    const ok = await app.request('/api/messages', { headers: { Authorization: basic(PASSWORD) } });
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('slows down password guessing with 429 after 20 failures a minute', async () => {
    const guessed = setup({ adminPassword: PASSWORD });
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await guessed.request('/admin', { headers: { Authorization: basic(`guess${i}`) } }, fromAddress('203.0.113.5'))).status;
    expect(last).toBe(429);
    // Even the right password gets 429 now: the answer must not reveal a right guess.
    expect((await guessed.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, fromAddress('203.0.113.5'))).status).toBe(429);
    expect((await guessed.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, fromAddress('203.0.113.6'))).status).toBe(200);
  });

  it('caps failed guesses of all clients together: a stranger waits, the operator logged in before keeps working', async () => {
    let t = 1_000_000;
    const guarded = setup({ adminPassword: PASSWORD, failuresGlobal: 100, now: () => t });
    const from = (i: number) => fromAddress(`2001:db8:${i.toString(16)}::1`);
    // The operator logs in first, from their own network.
    expect((await guarded.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, fromAddress('198.51.100.20'))).status).toBe(200);
    // The attack: 100 guesses, each from another IPv6 /64, so no client reaches its own limit.
    for (let i = 0; i < 100; i++) {
      expect((await guarded.request('/admin', { headers: { Authorization: basic(`guess${i}`) } }, from(i))).status).toBe(401);
    }
    const next = await guarded.request('/admin', { headers: { Authorization: basic('guess-more') } }, from(500));
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await next.text()).toBe('Too many failed attempts on this server; try again in a minute');
    // Even the right password from a new network: a right guess must look like a wrong one.
    expect((await guarded.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, from(501))).status).toBe(429);
    expect((await guarded.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, fromAddress('198.51.100.20'))).status).toBe(200);
    // A minute later everyone may try again.
    t += 61_000;
    expect((await guarded.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, from(501))).status).toBe(200);
  });

  it('does not count visits without credentials toward the global cap', async () => {
    const guarded = setup({ adminPassword: PASSWORD, failuresGlobal: 5 });
    for (let i = 0; i < 10; i++) expect((await guarded.request('/admin', {}, fromAddress(`203.0.113.${i}`))).status).toBe(401);
    expect((await guarded.request('/admin', { headers: { Authorization: basic(PASSWORD) } }, fromAddress('203.0.113.99'))).status).toBe(200);
  });

  it('refuses cross-site state changes (CSRF) and bodies other than JSON or multipart', async () => {
    const auth = { Authorization: basic(PASSWORD), Host: 'clinic.example.com' };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const post = (headers: Record<string, string>, body = '{}') => app.request('/api/deploy-website', { method: 'POST', headers, body });
    expect((await post({ ...json, Origin: 'http://clinic.example.com', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await post(json)).status).toBe(200); // curl: no browser, no CSRF
    expect((await post({ ...json, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post({ ...json, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await post({ ...auth, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post({ ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1')).status).toBe(415);
    const del = await app.request('/api/deployments/tampa', { method: 'DELETE', headers: { ...auth, Origin: 'https://evil.example' } });
    expect(del.status).toBe(403);
  });

  it('refuses an Origin with the right host but another scheme (a hosted page on the admin name), without Sec-Fetch-Site', async () => {
    const json = { Authorization: basic(PASSWORD), Host: 'clinic.example.com', 'Content-Type': 'application/json' };
    const post = (guarded: typeof app, origin: string, extra: Record<string, string> = {}) =>
      guarded.request('http://clinic.example.com/api/deploy-website', { method: 'POST', headers: { ...json, Origin: origin, ...extra }, body: '{}' }, fromAddress('203.0.113.7'));
    // Reached over plain http: only http://clinic.example.com is our origin.
    const refused = await post(app, 'https://clinic.example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, error: 'Cross-site admin requests are refused' });
    expect((await post(app, 'http://clinic.example.com:8080')).status).toBe(403);
    expect((await post(app, 'http://clinic.example.com')).status).toBe(200);
    // PUBLIC_URL names the origin behind a TLS proxy; its http twin stays another origin.
    const behindProxy = setup({ adminPassword: PASSWORD, extraOrigins: ['https://clinic.example.com'] });
    expect((await post(behindProxy, 'https://clinic.example.com')).status).toBe(200);
    expect((await behindProxy.request('https://clinic.example.com/api/deploy-website', { method: 'POST', headers: { ...json, Origin: 'http://clinic.example.com' }, body: '{}' })).status).toBe(403);
    // A trusted proxy saying https makes https the request's own scheme.
    const trusted = setup({ adminPassword: PASSWORD, trusted: ['203.0.113.7'] });
    expect((await post(trusted, 'https://clinic.example.com', { 'X-Forwarded-Proto': 'https' })).status).toBe(200);
    expect((await post(trusted, 'http://clinic.example.com', { 'X-Forwarded-Proto': 'https' })).status).toBe(403);
  });
});

describe('without ADMIN_PASSWORD', () => {
  const app = setup();

  it('opens the admin to direct loopback clients only', async () => {
    expect((await app.request('/admin', {}, fromAddress('127.0.0.1'))).status).toBe(200);
    expect((await app.request('/admin', {}, fromAddress('::1'))).status).toBe(200);
    expect((await app.request('/admin', {}, fromAddress('192.0.2.10'))).status).toBe(403);
    expect((await app.request('/admin')).status).toBe(403);
  });

  it('refuses requests relayed by a proxy on this machine', async () => {
    const res = await app.request('/api/messages', { headers: { 'X-Forwarded-For': '203.0.113.7' } }, fromAddress('127.0.0.1'));
    expect(res.status).toBe(403);
  });
});

describe('basicPassword', () => {
  it('reads the password after the first colon and rejects malformed headers', () => {
    expect(basicPassword(`Basic ${Buffer.from('admin:pa:ss').toString('base64')}`)).toBe('pa:ss');
    expect(basicPassword('Basic !!!')).toBeUndefined();
    expect(basicPassword(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
  });
});

describe('responses with immutable headers', () => {
  it('still get no-store and the security headers', async () => {
    const app = setup({ adminPassword: PASSWORD });
    const res = await app.request('/admin/go', { headers: { Authorization: basic(PASSWORD) } });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
