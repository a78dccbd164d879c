import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, validMessage } from '../helpers/server-app.js';
import { rawGet, rawRequest, startTestServer, type TestServer } from './helpers.js';

/** Paths, the sign-in, proxies, CORS and CSRF against a real socket (no URL clean-up by fetch). */
let server: TestServer;
beforeAll(async () => {
  // The first owner is TEST_ADMIN (startTestServer's default).
  server = await startTestServer({ CONTACT_RATE_LIMIT: '2', CORS_ORIGINS: 'https://tampa.example.com' });
});
afterAll(() => server.stop());

describe('paths that try to leave the site or skip the sign-in', () => {
  it.each([
    ['/..%2f..%2fetc/passwd', [400]],
    ['/../../etc/passwd', [404]],
    ['/%2e%2e/%2e%2e/etc/passwd', [404]],
    ['/assets/..%2f..%2fpackage.json', [400]],
    ['/%2Fadmin', [400]],
    ['/%2fapi%2fmessages', [400]],
    ['//admin', [308]],
    ['//api/messages', [308]],
    ['/admin/../api/messages', [401]],
    ['/admin/..%2fapi/messages', [400]],
    ['/api/%2e%2e/api/messages', [401]],
    ['/about/%2e%2e/api/messages', [401]],
    // The admin page is the sign-in page (no data) to anyone, however spelled; what it reads is not.
    ['/ADMIN', [200, 404]],
    ['/API/messages', [401]],
    ['/ADMIN/preview/0123456789abcdef0123456789abcdef/', [401]],
    ['http://evil.example/api/messages', [421]],
  ])('GET %s -> %j, no file content, no messages', async (target, statuses) => {
    const res = await rawGet(server.port, target);
    expect(statuses).toContain(res.status);
    expect(res.body).not.toMatch(/root:x:0|"dependencies"|"messages"/);
    if (res.status === 308) expect(res.headers.location).toMatch(/^\/[^/]/);
  });

  it('the redirect target of //admin is the sign-in page, and what it reads still asks for a sign-in', async () => {
    const res = await rawGet(server.port, '//admin');
    const page = await rawGet(server.port, res.headers.location!);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(JSON.parse((await rawGet(server.port, '/api/session')).body)).toMatchObject({ signedIn: false, setup: false });
    expect((await rawGet(server.port, '/api/messages')).status).toBe(401);
  });

  it('a session or an API token opens the admin API; the retired shared password does not', async () => {
    const retired = await rawGet(server.port, '/api/messages', { Authorization: basic('integration-password-2') });
    expect(retired.status).toBe(401);
    expect(retired.headers['www-authenticate']).toBeUndefined();
    expect(retired.body).toContain('/admin');
    for (const headers of [{ Authorization: await server.owner() }, { Cookie: (await server.session()).cookie }] as Record<string, string>[]) {
      const res = await rawGet(server.port, '/api/messages', headers);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('headers on a real response', () => {
  it('sends CSP, nosniff, referrer policy and frame protection; HSTS only for a trusted https proxy', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const forged = await fetch(`${server.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('rate limit over a real socket', () => {
  it('counts by socket address; a forged X-Forwarded-For does not reset it', async () => {
    const send = (xff: string) =>
      fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': xff }, body: JSON.stringify(validMessage()) });
    expect((await send('1.1.1.1')).status).toBe(201);
    expect((await send('2.2.2.2')).status).toBe(201);
    const third = await send('3.3.3.3');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('honours X-Forwarded-For when the peer is a trusted proxy', async () => {
    const proxied = await startTestServer({ CONTACT_RATE_LIMIT: '1', TRUST_PROXY: 'loopback' });
    try {
      const send = (xff: string) =>
        fetch(`${proxied.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': xff }, body: JSON.stringify(validMessage()) });
      expect((await send('198.51.100.1')).status).toBe(201);
      expect((await send('198.51.100.2')).status).toBe(201);
      expect((await send('198.51.100.1')).status).toBe(429);
    } finally {
      await proxied.stop();
    }
  });
});

describe('CORS and CSRF', () => {
  it('preflight of the contact form: any origin, never with credentials; the admin API gets no CORS at all', async () => {
    const pre = (origin: string, path = '/api/contact') =>
      fetch(`${server.url}${path}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    for (const origin of ['https://tampa.example.com', 'https://evil.example']) {
      const res = await pre(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const admin = await pre('https://evil.example', '/api/deploy-website');
    expect(admin.headers.get('access-control-allow-origin')).toBeNull();
    expect(admin.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('a cross-site admin POST is refused even with a session cookie, as is one naming no Origin', async () => {
    const { cookie } = await server.session();
    const post = (headers: string[]) => {
      const head = ['POST /api/deploy-website HTTP/1.1', `Host: 127.0.0.1:${server.port}`, 'Connection: close', `Cookie: ${cookie}`, ...headers, 'Content-Type: application/json', 'Content-Length: 2'];
      return rawRequest(server.port, [`${head.join('\r\n')}\r\n\r\n{}`]);
    };
    expect((await post(['Origin: https://evil.example'])).status).toBe(403);
    expect((await post([`Origin: http://127.0.0.1:${server.sitesPort}`])).status).toBe(403);
    expect((await post([])).status).toBe(403);
    expect((await post([`Origin: http://127.0.0.1:${server.port}`, 'Sec-Fetch-Site: same-site'])).status).toBe(403);
    // From the admin's own origin the same call gets past the guard (the route refuses the empty body).
    expect((await post([`Origin: http://127.0.0.1:${server.port}`])).status).toBe(400);
  });
});

describe('DNS rebinding over a real socket', () => {
  it('a request naming the attacker\'s host reads nothing, deploys nothing, deletes nothing, even carrying the owner\'s token', async () => {
    // A server of its own: the shared one's contact rate limit is spent by the tests above.
    const open = await startTestServer();
    try {
      const own = `127.0.0.1:${open.port}`;
      const send = (method: string, target: string, host: string, extra: string[] = [], body = '', port = open.port) =>
        rawRequest(port, [
          [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...extra, `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n') + `\r\n\r\n${body}`,
        ]);
      const token = `Authorization: ${await open.owner()}`;
      const deploy = JSON.stringify({ city: 'Tampa', files: { 'index.html': '<title>Tampa</title>' } });
      expect((await send('POST', '/api/deploy-website', own, [token, 'Content-Type: application/json'], deploy)).status).toBe(200);
      await fetch(`${open.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage()) });

      const attacker = `rebind.attacker.example:${open.port}`;
      const origin = [`Origin: http://${attacker}`, 'Sec-Fetch-Site: same-origin'];
      for (const headers of [origin, [...origin, token]]) {
        const read = await send('GET', '/api/messages', attacker, headers);
        expect(read.status).toBe(421);
        expect(read.body).not.toContain('Jordan');
        const orlando = JSON.stringify({ city: 'Orlando', files: { 'index.html': '<title>Orlando</title>' } });
        expect((await send('POST', '/api/deploy-website', attacker, [...headers, 'Content-Type: application/json'], orlando)).status).toBe(421);
        expect((await send('DELETE', '/api/deployments/tampa', attacker, headers)).status).toBe(421);
      }

      // Checked as the operator: one message, tampa live, no orlando.
      const list = await send('GET', '/api/deployments', own, [token]);
      expect((JSON.parse(list.body) as { deployments: { siteName: string }[] }).deployments.map((d) => d.siteName)).toEqual(['tampa']);
      expect(open.count()).toBe(1);
      expect((await fetch(`${open.sitesUrl}/sites/tampa/`)).status).toBe(200);
      expect((await send('GET', '/sites/tampa/', `rebind.attacker.example:${open.sitesPort}`, [], '', open.sitesPort)).status).toBe(421);
      expect((await send('GET', '/sites/tampa/', `127.0.0.1:${open.sitesPort}`, [], '', open.sitesPort)).status).toBe(200);
    } finally {
      await open.stop();
    }
  });

  it('a fresh server without an account (what `npm start` runs) lets no rebound page create its owner', async () => {
    const fresh = await startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    try {
      const SETUP = JSON.stringify({ email: 'someone@example.com', name: 'Someone', password: 'quiet lantern orchard 93' });
      const setup = (host: string, origin: string) =>
        rawRequest(fresh.port, [
          [
            'POST /api/setup HTTP/1.1',
            `Host: ${host}`,
            'Connection: close',
            `Origin: ${origin}`,
            'Sec-Fetch-Site: same-origin',
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(SETUP)}`,
          ].join('\r\n') + `\r\n\r\n${SETUP}`,
        ]);
      const attacker = `rebind.attacker.example:${fresh.port}`;
      expect((await setup(attacker, `http://${attacker}`)).status).toBe(421);
      // Still no account: the setup page is open on this machine's own name.
      expect(await (await fetch(`${fresh.url}/api/session`)).json()).toMatchObject({ signedIn: false, setup: true });
      const made = await setup(`127.0.0.1:${fresh.port}`, `http://127.0.0.1:${fresh.port}`);
      expect(made.status, made.body).toBe(201);
      expect(await (await fetch(`${fresh.url}/api/session`)).json()).toMatchObject({ signedIn: false, setup: false });
    } finally {
      await fresh.stop();
    }
  });
});
