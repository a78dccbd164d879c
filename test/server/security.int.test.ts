import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, validMessage } from '../helpers/server-app.js';
import { rawGet, rawRequest, startTestServer, type TestServer } from './helpers.js';

/** Paths, the password, proxies, CORS and CSRF against a real socket (no URL clean-up by fetch). */
const PASSWORD = 'integration-password-2';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_PASSWORD: PASSWORD, CONTACT_RATE_LIMIT: '2', CORS_ORIGINS: 'https://tampa.example.com' });
});
afterAll(() => server.stop());

describe('paths that try to leave the site or skip the password', () => {
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
    ['/ADMIN', [401]],
    ['http://evil.example/api/messages', [421]],
  ])('GET %s -> %j, no file content, no messages', async (target, statuses) => {
    const res = await rawGet(server.port, target);
    expect(statuses).toContain(res.status);
    expect(res.body).not.toMatch(/root:x:0|"dependencies"|"messages"/);
    if (res.status === 308) expect(res.headers.location).toMatch(/^\/[^/]/);
  });

  it('the redirect target of //admin still asks for the password', async () => {
    const res = await rawGet(server.port, '//admin');
    expect((await rawGet(server.port, res.headers.location!)).status).toBe(401);
  });

  it('the password opens the admin API', async () => {
    const res = await rawGet(server.port, '/api/messages', { Authorization: basic(PASSWORD) });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
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

  it('a cross-site admin POST is refused even with the password', async () => {
    const target = '/api/deploy-website';
    const head = [`POST ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', `Authorization: ${basic(PASSWORD)}`, 'Origin: https://evil.example', 'Content-Type: application/json', 'Content-Length: 2'];
    const res = await rawRequest(server.port, [`${head.join('\r\n')}\r\n\r\n{}`]);
    expect(res.status).toBe(403);
  });
});

describe('DNS rebinding over a real socket, password unset (what `npm start` runs)', () => {
  it('a request naming the attacker\'s host reads nothing, deploys nothing, deletes nothing', async () => {
    const open = await startTestServer();
    try {
      const own = `127.0.0.1:${open.port}`;
      const send = (method: string, target: string, host: string, extra: string[] = [], body = '', port = open.port) =>
        rawRequest(port, [
          [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close', ...extra, `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n') + `\r\n\r\n${body}`,
        ]);
      const deploy = JSON.stringify({ city: 'Tampa', files: { 'index.html': '<title>Tampa</title>' } });
      expect((await send('POST', '/api/deploy-website', own, ['Content-Type: application/json'], deploy)).status).toBe(200);
      await fetch(`${open.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(validMessage()) });

      const attacker = `rebind.attacker.example:${open.port}`;
      const origin = [`Origin: http://${attacker}`, 'Sec-Fetch-Site: same-origin'];
      const read = await send('GET', '/api/messages', attacker, origin);
      expect(read.status).toBe(421);
      expect(read.body).not.toContain('Jordan');
      const orlando = JSON.stringify({ city: 'Orlando', files: { 'index.html': '<title>Orlando</title>' } });
      expect((await send('POST', '/api/deploy-website', attacker, [...origin, 'Content-Type: application/json'], orlando)).status).toBe(421);
      expect((await send('DELETE', '/api/deployments/tampa', attacker, origin)).status).toBe(421);

      // Checked as the operator: one message, tampa live, no orlando.
      const list = await send('GET', '/api/deployments', own);
      expect((JSON.parse(list.body) as { deployments: { siteName: string }[] }).deployments.map((d) => d.siteName)).toEqual(['tampa']);
      expect(open.count()).toBe(1);
      expect((await fetch(`${open.sitesUrl}/sites/tampa/`)).status).toBe(200);
      expect((await send('GET', '/sites/tampa/', `rebind.attacker.example:${open.sitesPort}`, [], '', open.sitesPort)).status).toBe(421);
      expect((await send('GET', '/sites/tampa/', `127.0.0.1:${open.sitesPort}`, [], '', open.sitesPort)).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
