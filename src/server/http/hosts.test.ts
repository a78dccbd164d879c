import { describe, expect, it } from 'vitest';
import { adminTestApp, fromAddress, testServerConfig } from '../../../test/helpers/server-app.js';
import { hostAllowed, hostRules, parseHost, sitesOrigin, sitesOriginTest } from './hosts.js';

/**
 * DNS rebinding: a page on rebind.attacker.example makes its name resolve to 127.0.0.1, so the
 * operator's browser sends it same-origin requests to this server, Host header and Origin naming
 * the attacker. Before the Host allowlist, without ADMIN_PASSWORD, those read the messages and
 * deployed or deleted sites. The admin now always asks for a sign-in, but the setup page of a
 * server without an account answers loopback alone: the Host check still comes first. The test
 * app's requests carry the owner's token, so these refusals hold even for a signed-in caller.
 */
const ATTACKER = 'rebind.attacker.example:3000';
const site = { 'index.html': '<!doctype html><title>Tampa</title>' };
const deployBody = { city: 'Tampa', domainName: 'tampa.example.com', files: site, deploymentType: 'static' };

describe('the rebinding attack', () => {
  it('is refused before any route: no messages read, nothing deployed, nothing deleted', async () => {
    const t = adminTestApp({ allowedHosts: [] });
    expect((await t.json('POST', '/api/deploy-website', deployBody, { Host: 'localhost:3000' })).status).toBe(200);
    const attack = { Host: ATTACKER, Origin: 'http://rebind.attacker.example:3000', 'Sec-Fetch-Site': 'same-origin' };

    const read = await t.request('/api/messages', { headers: attack });
    expect(read.status).toBe(421);
    expect(read.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await read.text()).toMatch(/^Misdirected request: this server does not answer to that host name\./);

    const deploy = await t.json('POST', '/api/deploy-website', { ...deployBody, city: 'Orlando', domainName: '' }, attack);
    expect(deploy.status).toBe(421);
    const remove = await t.request('/api/deployments/tampa', { method: 'DELETE', headers: attack });
    expect(remove.status).toBe(421);
    for (const path of ['/admin', '/api/deployments', '/api/messages.csv', '/']) expect((await t.request(path, { headers: attack })).status, path).toBe(421);

    // As the operator sees it afterwards: tampa still live, orlando never deployed.
    const list = (await (await t.request('/api/deployments', { headers: { Host: 'localhost:3000' } })).json()) as { deployments: { siteName: string }[] };
    expect(list.deployments.map((d) => d.siteName)).toEqual(['tampa']);
    expect((await t.site('/sites/tampa/')).status).toBe(200);
  });

  it('is refused on the sites listener too, which answers its own names and the deployed domains', async () => {
    const t = adminTestApp({ allowedHosts: [], sitesUrl: 'https://sites.example.com' });
    await t.json('POST', '/api/deploy-website', deployBody);
    expect((await t.site('/sites/tampa/', { headers: { Host: 'rebind.attacker.example:3001' } })).status).toBe(421);
    expect((await t.site('/api/contact', { method: 'POST', headers: { Host: 'rebind.attacker.example:3001' } })).status).toBe(421);
    expect((await t.site('/sites/tampa/', { headers: { Host: '127.0.0.1:3001' } })).status).toBe(200);
    expect((await t.site('/sites/tampa/', { headers: { Host: 'sites.example.com' } })).status).toBe(200);
    expect((await t.site('http://tampa.example.com/')).status).toBe(200);
    // An absolute-form request line names a host of its own: it must be allowed too.
    expect((await t.site('http://rebind.attacker.example:3001/sites/tampa/', { headers: { Host: '127.0.0.1:3001' } })).status).toBe(421);
    // The admin's port is not the sites listener's.
    expect((await t.site('/sites/tampa/', { headers: { Host: 'localhost:3000' } })).status).toBe(421);
  });
});

describe('the admin listener answers to', () => {
  // As the owner (the test app's token) unless `auth` is given ('' for anonymous).
  const request = (t: ReturnType<typeof adminTestApp>, host: string, auth?: string) =>
    t.app.request('/api/deployments', { headers: { Host: host, ...(auth !== undefined ? { Authorization: auth } : {}) } }, fromAddress('127.0.0.1'));

  it('loopback names on its port only, plus ALLOWED_HOSTS', async () => {
    const t = adminTestApp({ allowedHosts: ['clinic.lan'] });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000', 'clinic.lan:8080']) expect((await request(t, host)).status, host).toBe(200);
    for (const host of ['localhost:3999', 'clinic.example.com', 'localhost.attacker.example:3000', '127.0.0.1.nip.io:3000', '', 'a b']) {
      expect((await request(t, host)).status, host).toBe(421);
    }
  });

  it('PUBLIC_URL’s host as well, on its port only', async () => {
    const t = adminTestApp({ allowedHosts: [], publicUrl: 'https://clinic.example.com' });
    expect((await request(t, 'clinic.example.com')).status).toBe(200);
    expect((await request(t, 'clinic.example.com:443')).status).toBe(200);
    expect((await request(t, 'clinic.example.com:8443')).status).toBe(421);
    expect((await request(t, ATTACKER)).status).toBe(421);
    // The host check is no sign-in: an anonymous call on the public name still gets 401.
    expect((await request(t, 'clinic.example.com', '')).status).toBe(401);
  });
});

describe('host rules', () => {
  it('parse Host values, names lower-cased, IPv6 in brackets', () => {
    expect(parseHost('Clinic.Example.com:8080')).toEqual({ name: 'clinic.example.com', port: '8080' });
    expect(parseHost('[::1]:3000')).toEqual({ name: '[::1]', port: '3000' });
    expect(parseHost('localhost')).toEqual({ name: 'localhost', port: '' });
    expect(parseHost('a:b:c')).toBeUndefined();
  });

  it('give the sites listener its own port, SITES_URL and deployed names', () => {
    const server = testServerConfig({ allowedHosts: [], sitesUrl: 'https://sites.example.com' });
    const rules = hostRules(server, 'sites');
    expect(hostAllowed(rules, '127.0.0.1:3001')).toBe(true);
    expect(hostAllowed(rules, '127.0.0.1:3000')).toBe(false);
    expect(hostAllowed(rules, 'sites.example.com')).toBe(true);
    expect(hostAllowed(rules, 'tampa.example.com:8080', new Map([['tampa.example.com', 'tampa']]))).toBe(true);
  });

  it('take as the shared sites origin any name the sites listener answers to, on its port, and SITES_URL', () => {
    const lan = sitesOriginTest(testServerConfig({ host: '0.0.0.0', allowedHosts: ['clinic.lan'], sitesUrl: 'https://sites.example.com' }));
    for (const origin of ['http://clinic.lan:3001', 'https://clinic.lan:3001', 'http://localhost:3001', 'http://127.0.0.1:3001', 'https://sites.example.com']) expect(lan(origin), origin).toBe(true);
    for (const origin of ['http://clinic.lan:3000', 'http://clinic.lan', 'http://evil.example:3001', 'http://sites.example.com', 'null']) expect(lan(origin), origin).toBe(false);
    // The sites listener on port 80: a browser's Origin carries no port then.
    expect(sitesOriginTest(testServerConfig({ sitesPort: 80 }))('http://localhost')).toBe(true);
  });

  it('link the sites listener by SITES_URL, else the listening address, else the admin’s host name', () => {
    expect(sitesOrigin(testServerConfig({ sitesUrl: 'https://sites.example.com/x' }))).toBe('https://sites.example.com');
    expect(sitesOrigin(testServerConfig())).toBe('http://127.0.0.1:3001');
    expect(sitesOrigin(testServerConfig({ host: '0.0.0.0' }), 'http://clinic.lan:3000/admin')).toBe('http://clinic.lan:3001');
  });
});
