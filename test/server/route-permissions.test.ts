import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isProtectedPath } from '../../src/server/auth/guard.js';
import { ruleFor } from '../../src/server/auth/permissions.js';
import { SESSION_LIMITS } from '../../src/server/auth/sessions.js';
import type { Role } from '../../src/server/auth/store.js';
import { newSecretToken, tokenHash } from '../../src/server/auth/tokens.js';
import { roleForbidden } from '../../src/texts/server.js';
import { fromAddress, testApps, TEST_HOST } from '../helpers/server-app.js';

/**
 * Every route of the admin's router, listed from the router itself, tried with no session, an
 * expired session, a revoked token and a session of each role (issue 21's acceptance). The
 * expectations below are written independently of auth/permissions.ts: a new route that fits
 * none of them fails here until someone decides who may call it.
 */
type Expect = { kind: 'open' } | { kind: 'any-session' } | { kind: 'roles'; roles: Role[] };
const ALL: Role[] = ['owner', 'editor', 'frontdesk'];
const EDIT: Role[] = ['owner', 'editor'];

function expected(method: string, path: string): Expect | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  // The public site, the uploads, deployed sites' redirects and the contact API.
  if (!isProtectedPath(path.replace(/:[a-z]+/gi, 'x').replace('*', 'x'), method)) return { kind: 'open' };
  // The sign-in page and its calls.
  if (m === 'GET' && ['/admin', '/admin/', '/admin/assets/*', '/api/session'].includes(path)) return { kind: 'open' };
  if (m === 'POST' && ['/api/session', '/api/setup'].includes(path)) return { kind: 'open' };
  // Forgot password: asked for and used while signed out.
  if (path === '/api/password-reset' || (m === 'POST' && path === '/api/password-reset/complete')) return { kind: 'open' };
  if ((m === 'DELETE' && path === '/api/session') || (m === 'POST' && path.startsWith('/api/session/totp'))) return { kind: 'any-session' };
  if (m === 'PUT' && path === '/api/session/password') return { kind: 'roles', roles: ALL };
  // The owner's: people, tokens, the trail, and every message at once (the front desk reads messages in the inbox).
  if (/^\/api\/(accounts|tokens|audit)/.test(path) || path === '/api/messages.csv' || path === '/metrics') return { kind: 'roles', roles: ['owner'] };
  if (m === 'GET' && path === '/api/messages') return { kind: 'roles', roles: ['owner'] };
  if (m === 'GET' && ['/api/messages/by-city', '/api/messages/refusals'].includes(path)) return { kind: 'roles', roles: ALL };
  // The inbox: the front desk and the owner work it; deleting a message and retention are the owner's.
  // The inbox's export of its filter is the owner's (issue 37 item 7).
  if (path === '/api/inbox.csv') return { kind: 'roles', roles: ['owner'] };
  if (path.startsWith('/api/inbox')) return { kind: 'roles', roles: m === 'DELETE' ? ['owner'] : ['owner', 'frontdesk'] };
  if (path === '/api/settings/retention') return { kind: 'roles', roles: ['owner'] };
  // Brand settings: read by every role (a new city starts from them), changed by those who change cities.
  if (path === '/api/brand') return { kind: 'roles', roles: m === 'GET' ? ALL : EDIT };
  // A picture a city names by its site path (the editor shows it): read by every role, as the cities are.
  if (m === 'GET' && path === '/api/site-picture') return { kind: 'roles', roles: ALL };
  // The doorway check of the saved cities: read by every role, as the cities themselves are.
  if (m === 'GET' && path === '/api/doorway-check') return { kind: 'roles', roles: ALL };
  // Redeploy all's plan (asked by those who may start it) and its history of runs (read by every role, as the cities are).
  if (m === 'POST' && path === '/api/cities/redeploy-all/plan') return { kind: 'roles', roles: EDIT };
  if (m === 'GET' && path === '/api/cities/redeploy-all/runs') return { kind: 'roles', roles: ALL };
  // Reading the cities and what is deployed; previews are hosted on the sites listener.
  if (m === 'GET' && (/^\/api\/(cities|redeploys)(\/|$)/.test(path) || path === '/api/deployments' || path === '/admin/preview/*')) return { kind: 'roles', roles: ALL };
  // The brand site: read by every role, as the cities are; generated, downloaded, deployed and rolled back by those who deploy cities.
  if (path.startsWith('/api/brand-site')) return { kind: 'roles', roles: m === 'GET' ? ALL : EDIT };
  // The trash of deleted cities (issue 39 item 1): seen by every role, as the cities are; a city brought back by those who change cities.
  if (path.startsWith('/api/cities-trash')) return { kind: 'roles', roles: m === 'GET' ? ALL : EDIT };
  // Special hours for several cities in one step (issue 39 item 9): planned and saved by those who change cities.
  if (m === 'POST' && path.startsWith('/api/cities/special-hours')) return { kind: 'roles', roles: EDIT };
  // Changing a city or a site, and downloading a deployed one.
  if (/^\/api\/(cities|deployments|deploy-website|generate-clinic-website|package-website|previews|upload-logo|upload-photo)(\/|$)/.test(path)) return { kind: 'roles', roles: EDIT };
  return undefined;
}

const concrete = (path: string) =>
  path
    .replace(':slug', 'tampa')
    .replace(':siteName', 'tampa')
    .replace(':version', '1')
    .replace(':id', 'x')
    .replace('*', 'x');
const ORIGIN = `http://${TEST_HOST}`;
const LOOPBACK = fromAddress('127.0.0.1');

describe('every admin route', async () => {
  let t = Date.parse('2026-11-26T10:00:00Z');
  const apps = testApps({ now: () => new Date(t) });
  const { accounts } = apps.stores;
  const ids: Record<Role, string> = { owner: '', editor: '', frontdesk: '' };
  for (const role of ALL) {
    ids[role] = randomUUID();
    await accounts.create({ id: ids[role], email: `${role}@routes.example`, name: role, role, cities: null, passwordHash: 'scrypt$17$8$1$none$none', createdAt: 'then' });
  }
  const session = async (role: Role, lastSeenAt = t) => {
    const token = newSecretToken('cgs');
    await accounts.createSession({ tokenHash: tokenHash(token), accountId: ids[role], stage: 'full', createdAt: lastSeenAt, lastSeenAt, address: '127.0.0.1' });
    return { Cookie: `clinic_session=${token}` };
  };
  const revoked = newSecretToken('cgt');
  await accounts.createToken({ id: 'revoked', tokenHash: tokenHash(revoked), name: 'old', role: 'owner', createdBy: ids.owner, createdAt: 'then', lastUsedAt: null, revokedAt: null, cities: null });
  await accounts.revokeToken('revoked', 'since');

  const routes = [...new Map(apps.admin.routes.filter((r) => r.method !== 'ALL').map((r) => [`${r.method} ${r.path}`, r])).values()].filter((r) => r.path !== '/*');
  const call = (method: string, path: string, headers: Record<string, string>) => {
    const url = `${ORIGIN}${concrete(path)}${path === '/api/messages' ? '?site=tampa' : ''}`;
    const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { body: '{}', headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Host: TEST_HOST, ...headers } } : { headers: { Host: TEST_HOST, ...headers } };
    return apps.admin.request(url, { method, ...body }, LOOPBACK);
  };

  it('are listed by the router, and each has an expectation here and a rule in auth/permissions.ts', () => {
    expect(routes.length).toBeGreaterThan(40);
    const unknown = routes.filter((r) => expected(r.method, r.path) === undefined).map((r) => `${r.method} ${r.path}`);
    expect(unknown, 'routes nobody decided about').toEqual([]);
    const unruled = routes.filter((r) => expected(r.method, r.path)?.kind !== 'open' && !ruleFor(r.method, concrete(r.path))).map((r) => `${r.method} ${r.path}`);
    expect(unruled, 'protected routes without a rule (they fall to owner-only)').toEqual([]);
  });

  it('reads a city in the address once, as the route does: a % in it is no server error, and %2574ampa is not Tampa', async () => {
    const lines: string[] = [];
    const logged = testApps({ now: () => new Date(t), logger: { info: () => undefined, warn: () => undefined, error: (event) => void lines.push(event), infoLine: () => undefined } });
    const anonymous = (method: string, path: string) =>
      logged.admin.request(`${ORIGIN}${path}`, { method, headers: { Host: TEST_HOST, Authorization: '', ...(method === 'POST' ? { 'Content-Type': 'application/json', Origin: ORIGIN } : {}) }, ...(method === 'POST' ? { body: '{}' } : {}) }, LOOPBACK);
    expect((await anonymous('GET', '/api/cities/%25zz')).status).toBe(401);
    expect((await anonymous('POST', '/api/cities/%25zz/deploy')).status).toBe(401);
    expect(lines).toEqual([]);
    expect(ruleFor('GET', '/api/cities/%74ampa')?.params).toEqual({ slug: '%74ampa' });
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r.method, r.path] as const))('%s', async (_, method, path) => {
    const e = expected(method, path)!;
    const statusOf = async (headers: Record<string, string>) => (await call(method, path, headers)).status;
    /** 403 for the role (the guard's answer), or what the route itself said. */
    const roleAnswer = async (headers: Record<string, string>) => {
      const res = await call(method, path, headers);
      // The live inbox's event stream never ends by itself: its status says enough.
      const stream = res.headers.get('content-type')?.startsWith('text/event-stream');
      if (stream) await res.body?.cancel();
      const text = method === 'HEAD' || stream ? '' : await res.text();
      return res.status === 403 && (method === 'HEAD' || text.includes(roleForbidden.title)) ? 'refused' : res.status;
    };
    if (e.kind === 'open') {
      expect(await statusOf({ Authorization: '' })).not.toBe(401);
      return;
    }
    expect(await statusOf({ Authorization: '' }), 'no session').toBe(401);
    expect(await statusOf({ Authorization: '', ...(await session('owner', t - SESSION_LIMITS.idleMs - 1_000)) }), 'expired session').toBe(401);
    expect(await statusOf({ Authorization: `Bearer ${revoked}` }), 'revoked token').toBe(401);
    for (const role of ALL) {
      const answer = await roleAnswer({ Authorization: '', ...(await session(role)) });
      const may = e.kind === 'any-session' || e.roles.includes(role);
      if (may) expect([401, 'refused'], `${role} may`).not.toContain(answer);
      else expect(answer, `${role} may not`).toBe('refused');
    }
    t += 1;
  });
});
