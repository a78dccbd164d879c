import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { basic, fromAddress, testApps, TEST_HOST } from '../../../test/helpers/server-app.js';
import type { ServerConfig } from '../settings/config.js';
import { isProtectedPath } from './guard.js';
import { hashPassword } from './passwords.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { SESSION_LIMITS } from './sessions.js';
import type { Role } from './store.js';
import { newSecretToken, tokenHash } from './tokens.js';
import { totpCode } from './totp.js';

/**
 * The admin's front door with accounts (docs/decisions/017-staff-accounts.md): signing in, the
 * second factor, sessions that end, cross-site refusals, roles and tokens, through the real apps.
 */
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

const PASSWORD = 'a long and unusual passphrase 7';
const ORIGIN = `http://${TEST_HOST}`;
const LOOPBACK = fromAddress('127.0.0.1');

/** Test apps on a clock the test moves, with helpers to sign in as a browser on this machine would. */
function world(server: Partial<ServerConfig> = {}, o: { noOwner?: boolean } = {}) {
  let t = Date.parse('2026-11-26T10:00:00Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const apps = testApps({ now: clock.now, server, noOwner: o.noOwner });
  const { accounts } = apps.stores;
  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}, env = LOOPBACK) =>
    apps.admin.request(`${ORIGIN}${path}`, { ...init, headers: { Authorization: '', Host: TEST_HOST, ...init.headers } }, env);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, env = LOOPBACK) =>
    request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers }, body: JSON.stringify(body) }, env);
  const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.includes('clinic_session='));
  const pair = (setCookie: string | undefined) => setCookie!.split(';')[0]!;
  async function person(role: Role, over: { cities?: string[] | null; email?: string } = {}) {
    const email = over.email ?? `${role}-${randomUUID().slice(0, 6)}@example.com`;
    const a = await accounts.create({ id: randomUUID(), email, name: `A ${role}`, role, cities: over.cities ?? null, passwordHash: await hashPassword(PASSWORD), createdAt: clock.now().toISOString() });
    return a;
  }
  /** Signs in with the password; answers the cookie and the stage. */
  async function signIn(email: string, env = LOOPBACK, headers: Record<string, string> = {}) {
    const res = await post('/api/session', { email, password: PASSWORD }, headers, env);
    return { res, cookie: cookieOf(res) ? pair(cookieOf(res)) : undefined, body: (await res.clone().json()) as { stage?: string; error?: string } };
  }
  /** A session straight in the store, at `stage`, as signing in would leave it. */
  async function session(accountId: string, stage: 'full' | 'totp' | 'enrol' = 'full') {
    const token = newSecretToken('cgs');
    await accounts.createSession({ tokenHash: tokenHash(token), accountId, stage, createdAt: t, lastSeenAt: t, address: '127.0.0.1' });
    return `clinic_session=${token}`;
  }
  return { apps, accounts, clock, request, post, signIn, person, session, cookieOf };
}

describe('anonymous requests', () => {
  it('get the sign-in page at /admin and a 401 from every admin call, loopback included', async () => {
    const w = world();
    const page = await w.request('/admin');
    expect(page.status).toBe(200);
    for (const path of ['/api/messages', '/api/cities', '/api/accounts', '/api/audit', '/api/deployments']) {
      const res = await w.request(path);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: string }).error).toContain('Sign in to continue.');
    }
    const session = (await (await w.request('/api/session')).json()) as { signedIn: boolean };
    expect(session.signedIn).toBe(false);
  });

  it('answer the Basic credentials of the old release with a 401 naming the sign-in page, and no password prompt', async () => {
    const w = world();
    const res = await w.request('/api/messages', { headers: { Authorization: basic('fixture owner password') } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
    const body = (await res.json()) as { error: string };
    expect(body.error).toContain('no longer takes a shared password');
    expect(body.error).toContain('/admin');
  });
});

describe('signing in', () => {
  it('gives a person without a second factor a session in an HttpOnly, SameSite=Strict cookie, and the admin answers it', async () => {
    const w = world();
    const editor = await w.person('editor');
    const { res, cookie, body } = await w.signIn(editor.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(body.stage).toBe('full');
    const set = w.cookieOf(res)!;
    expect(set).toMatch(/^clinic_session=cgs_/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    // Plain http on loopback: no Secure (a browser would drop it), no __Host- prefix.
    expect(set).not.toMatch(/Secure/);
    expect((await w.request('/api/cities', { headers: { Cookie: cookie! } })).status).toBe(200);
    const me = (await (await w.request('/api/session', { headers: { Cookie: cookie! } })).json()) as { account: { email: string; role: string } };
    expect(me.account).toMatchObject({ email: editor.email, role: 'editor' });
    expect(JSON.stringify(me)).not.toContain('scrypt$');
  });

  it('uses the __Host- cookie with Secure behind a trusted https proxy, and refuses plain http from anywhere but loopback', async () => {
    const w = world({ trustProxy: ['203.0.113.9'] });
    const editor = await w.person('editor');
    const proxied = await w.signIn(editor.email, fromAddress('203.0.113.9'), { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.4', Origin: `https://${TEST_HOST}` });
    expect(proxied.res.status).toBe(200);
    expect(w.cookieOf(proxied.res)).toMatch(/^__Host-clinic_session=cgs_.*; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    const plain = await w.signIn(editor.email, fromAddress('192.0.2.10'));
    expect(plain.res.status).toBe(403);
    expect(plain.body.error).toContain('Signing in needs https');
    // A proxy on this machine that does not say https does not make a request loopback.
    const relayed = await w.signIn(editor.email, LOOPBACK, { 'X-Forwarded-For': '198.51.100.4' });
    expect(relayed.res.status).toBe(403);
  });

  it('answers a wrong password and an unknown email alike, and records the failure without the password', async () => {
    const w = world();
    const editor = await w.person('editor');
    const wrong = await w.post('/api/session', { email: editor.email, password: 'not the password at all' });
    const unknown = await w.post('/api/session', { email: 'nobody@example.com', password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    const trail = await w.apps.stores.audit.page({ action: 'session.sign_in_failed' }, 1, 10);
    expect(trail.records.map((r) => r.actorLabel).sort()).toEqual(['', editor.email]);
    expect(JSON.stringify(trail)).not.toContain('not the password');
  });

  it('slows down guesses at one account from many addresses, and at many accounts from one address', async () => {
    const w = world({ trustProxy: ['loopback'] });
    const editor = await w.person('editor');
    const from = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}`, 'X-Forwarded-Proto': 'https', Origin: `https://${TEST_HOST}` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await w.post('/api/session', { email: editor.email, password: 'wrong wrong wrong' }, from(i))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password waits too, so a guesser cannot tell a hit while refused.
    const right = await w.post('/api/session', { email: editor.email, password: PASSWORD }, from(50));
    expect(right.status).toBe(429);
    expect(((await right.json()) as { error: string }).error).toContain('for this account');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // A minute later it works again.
    w.clock.advance(61_000);
    expect((await w.post('/api/session', { email: editor.email, password: PASSWORD }, from(51))).status).toBe(200);
  });

  // The global cap (100 guesses a minute at any accounts) under a burst of 150 is shown on the gate
  // itself (attempts.test.ts), in memory and on PostgreSQL: here each checked guess costs a
  // password hash, and 100 of them take about a minute on a small machine.
  it('checks at most 5 of 29 guesses sent at once at one account from 29 addresses', async () => {
    const w = world({ trustProxy: ['loopback'] });
    const editor = await w.person('editor');
    const proxied = (address: string) => ({ 'X-Forwarded-For': address, 'X-Forwarded-Proto': 'https', Origin: `https://${TEST_HOST}` });
    const statuses = await Promise.all(
      Array.from({ length: 29 }, async (_, i) => (await w.post('/api/session', { email: editor.email, password: 'wrong wrong wrong' }, proxied(`198.51.100.${i}`))).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    // Within the same minute (the clock held), the right password is refused like the rest.
    expect((await w.post('/api/session', { email: editor.email, password: PASSWORD }, proxied('198.51.100.200'))).status).toBe(429);
  });

  it('checks at most 5 of 29 codes sent at once at the second step from 29 addresses, then refuses the right code too', async () => {
    const w = world({ trustProxy: ['loopback'] });
    const owner = await w.person('owner');
    const proxied = (address: string, cookie?: string) => ({ 'X-Forwarded-For': address, 'X-Forwarded-Proto': 'https', Origin: `https://${TEST_HOST}`, ...(cookie ? { Cookie: cookie } : {}) });
    const first = await w.signIn(owner.email, LOOPBACK, proxied('198.51.100.1'));
    const { secret } = (await (await w.post('/api/session/totp/enrol', {}, proxied('198.51.100.1', first.cookie))).json()) as { secret: string };
    const confirmed = await w.post('/api/session/totp/confirm', { code: totpCode(secret, w.clock.now().getTime()) }, proxied('198.51.100.1', first.cookie));
    expect(confirmed.status).toBe(200);
    w.clock.advance(31_000);
    const again = await w.signIn(owner.email, LOOPBACK, proxied('198.51.100.2'));
    expect(again.body.stage).toBe('totp');
    const statuses = await Promise.all(
      Array.from({ length: 29 }, async (_, i) => (await w.post('/api/session/totp', { code: '000000' }, proxied(`203.0.113.${i}`, again.cookie))).status),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    const right = await w.post('/api/session/totp', { code: totpCode(secret, w.clock.now().getTime()) }, proxied('203.0.113.200', again.cookie));
    expect(right.status).toBe(429);
  });

  it('takes no session from a request carrying two session cookies (one planted by a page on another port)', async () => {
    const w = world();
    const editor = await w.session((await w.person('editor')).id);
    const desk = await w.session((await w.person('frontdesk', { cities: ['tampa'] })).id);
    expect((await w.request('/api/cities', { headers: { Cookie: editor } })).status).toBe(200);
    for (const cookie of [`${editor}; ${desk}`, `${desk}; ${editor}`, `${editor}; clinic_session=cgs_planted_but_not_a_session_0000`]) {
      const refused = await w.request('/api/cities', { headers: { Cookie: cookie } });
      expect(refused.status, cookie).toBe(401);
      // The browser drops the pair, so the next sign-in is not read as two again.
      expect(refused.headers.get('clear-site-data')).toBe('"cookies"');
      const state = (await (await w.request('/api/session', { headers: { Cookie: cookie } })).json()) as { signedIn: boolean };
      expect(state.signedIn).toBe(false);
    }
  });

  it('refuses a sign-in or a cookie-borne change without our own Origin, and takes a token without one', async () => {
    const w = world();
    const editor = await w.person('editor');
    const noOrigin = await w.request('/api/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: editor.email, password: PASSWORD }) });
    expect(noOrigin.status).toBe(403);
    const { cookie } = await w.signIn(editor.email);
    const save = (headers: Record<string, string>) => w.request('/api/cities/tampa', { method: 'DELETE', headers: { Cookie: cookie!, ...headers } });
    expect((await save({})).status).toBe(403);
    // A deployed site is another port of the same host: same site to a cookie, another origin here.
    expect((await save({ Origin: `http://${TEST_HOST}:3001` })).status).toBe(403);
    expect((await save({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await save({ Origin: ORIGIN })).status).toBe(404);
  });
});

describe('the second factor', () => {
  it('makes an owner set one up before anything else, then asks for a code at every sign-in', async () => {
    const w = world();
    const owner = await w.person('owner');
    const first = await w.signIn(owner.email);
    expect(first.body.stage).toBe('enrol');
    expect((await w.request('/api/cities', { headers: { Cookie: first.cookie! } })).status).toBe(403);
    const enrol = (await (await w.post('/api/session/totp/enrol', {}, { Cookie: first.cookie! })).json()) as { secret: string; uri: string; qrSvg: string };
    expect(enrol.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrol.qrSvg).toMatch(/^<svg/);
    const wrong = await w.post('/api/session/totp/confirm', { code: '000000' }, { Cookie: first.cookie! });
    expect(wrong.status).toBe(400);
    const confirm = await w.post('/api/session/totp/confirm', { code: totpCode(enrol.secret, w.clock.now().getTime()) }, { Cookie: first.cookie! });
    expect(confirm.status).toBe(200);
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    // The session moved to a new token: the one from before the second factor no longer counts.
    const full = w.cookieOf(confirm)!.split(';')[0]!;
    expect(full).not.toBe(first.cookie);
    expect((await w.request('/api/cities', { headers: { Cookie: full } })).status).toBe(200);
    expect((await w.request('/api/cities', { headers: { Cookie: first.cookie! } })).status).toBe(401);

    // Signing in again asks for a code; the code just used is refused (used once), the next step's is taken.
    w.clock.advance(1_000);
    const again = await w.signIn(owner.email);
    expect(again.body.stage).toBe('totp');
    expect((await w.request('/api/cities', { headers: { Cookie: again.cookie! } })).status).toBe(403);
    const replay = await w.post('/api/session/totp', { code: totpCode(enrol.secret, w.clock.now().getTime() - 1_000) }, { Cookie: again.cookie! });
    expect(replay.status).toBe(401);
    w.clock.advance(30_000);
    const ok = await w.post('/api/session/totp', { code: totpCode(enrol.secret, w.clock.now().getTime()) }, { Cookie: again.cookie! });
    expect(ok.status).toBe(200);

    // A recovery code works once.
    const third = await w.signIn(owner.email);
    const recovery = await w.post('/api/session/totp', { code: recoveryCodes[0]!.toUpperCase() }, { Cookie: third.cookie! });
    expect(recovery.status).toBe(200);
    expect(((await recovery.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    const fourth = await w.signIn(owner.email);
    const usedAgain = await w.post('/api/session/totp', { code: recoveryCodes[0]! }, { Cookie: fourth.cookie! });
    expect(usedAgain.status).toBe(401);
    expect(((await usedAgain.json()) as { error: string }).error).toBe('That recovery code is not right, or was used already. Check it against the codes you saved.');
  });

  it('asks a signed-in account for its password again before it sets up or moves two-step sign-in', async () => {
    const w = world();
    const owner = await w.person('owner');
    const cookie = await w.session(owner.id);
    const enrol = (body: unknown) => w.post('/api/session/totp/enrol', body, { Cookie: cookie });
    const bare = await enrol({});
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { errors: Record<string, string> }).errors.password).toBe('Enter your password.');
    const wrong = await enrol({ password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors.password).toBe('The current password is wrong.');
    expect((await w.accounts.byId(owner.id))?.totpPending).toBeFalsy();
    const right = await enrol({ password: PASSWORD });
    expect(right.status).toBe(200);
    expect(((await right.json()) as { secret: string }).secret).toMatch(/^[A-Z2-7]{16,}$/);
    const { records } = await w.apps.stores.audit.page({ actorId: owner.id }, 1, 10);
    expect(records.filter((r) => r.action === 'account.totp_password_failed').map((r) => r.outcome)).toEqual([400]);
  });

  it('counts wrong current passwords with the sign-ins, so a signed-in browser is no way to guess a password', async () => {
    const w = world();
    const editor = await w.person('editor');
    const cookie = await w.session(editor.id);
    const change = (current: string) =>
      w.request('/api/session/password', { method: 'PUT', headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ current, password: 'another long and unusual passphrase 9' }) });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await change(`a wrong guess, number ${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // The right password waits out the minute too; then it is taken.
    expect((await change(PASSWORD)).status).toBe(429);
    w.clock.advance(61_000);
    const same = await w.request('/api/session/password', { method: 'PUT', headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ current: PASSWORD, password: PASSWORD }) });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { errors: Record<string, string> }).errors.password).toBe('The new password is the same as the current one: choose another.');
    expect((await change(PASSWORD)).status).toBe(200);
  });

  it('keeps the TOTP secret and the recovery codes sealed or hashed in the store', async () => {
    const w = world();
    const owner = await w.person('owner');
    const first = await w.signIn(owner.email);
    const enrol = (await (await w.post('/api/session/totp/enrol', {}, { Cookie: first.cookie! })).json()) as { secret: string };
    const confirm = await w.post('/api/session/totp/confirm', { code: totpCode(enrol.secret, w.clock.now().getTime()) }, { Cookie: first.cookie! });
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    const stored = (await w.accounts.byId(owner.id))!;
    expect(stored.totpSecret).toMatch(/^v1\./);
    expect(stored.totpSecret).not.toContain(enrol.secret);
    expect(await w.accounts.useRecoveryCode(owner.id, hashRecoveryCode(w.apps.secrets.pepper, recoveryCodes[1]!), 'now')).toBe(true);
    expect(await w.accounts.useRecoveryCode(owner.id, recoveryCodes[2]!, 'now')).toBe(false);
  });
});

describe('sessions end', () => {
  it('after 15 minutes idle, and the admin then shows the sign-in state', async () => {
    const w = world();
    const editor = await w.person('editor');
    const cookie = await w.session(editor.id);
    w.clock.advance(SESSION_LIMITS.idleMs - 1_000);
    expect((await w.request('/api/cities', { headers: { Cookie: cookie } })).status).toBe(200);
    w.clock.advance(SESSION_LIMITS.idleMs + 1_000);
    expect((await w.request('/api/cities', { headers: { Cookie: cookie } })).status).toBe(401);
    const state = (await (await w.request('/api/session', { headers: { Cookie: cookie } })).json()) as { signedIn: boolean };
    expect(state.signedIn).toBe(false);
  });

  it('after 12 hours however busy, at Sign out, and at once when the account is disabled or its password changes', async () => {
    const w = world();
    const editor = await w.person('editor');
    const busy = await w.session(editor.id);
    for (let h = 0; h < 12 * 6; h++) {
      w.clock.advance(10 * 60_000);
      if ((await w.request('/api/cities', { headers: { Cookie: busy } })).status !== 200) throw new Error(`ended early, after ${h * 10} minutes`);
    }
    w.clock.advance(10 * 60_000);
    expect((await w.request('/api/cities', { headers: { Cookie: busy } })).status).toBe(401);

    const out = await w.session(editor.id);
    expect((await w.request('/api/session', { method: 'DELETE', headers: { Cookie: out, Origin: ORIGIN } })).status).toBe(204);
    expect((await w.request('/api/cities', { headers: { Cookie: out } })).status).toBe(401);

    const owner = await w.session((await w.person('owner')).id);
    const desk = await w.person('frontdesk');
    const deskCookie = await w.session(desk.id);
    expect((await w.request('/api/cities', { headers: { Cookie: deskCookie } })).status).toBe(200);
    const disable = await w.request(`/api/accounts/${desk.id}`, { method: 'PATCH', headers: { Cookie: owner, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ active: false }) });
    expect(disable.status).toBe(200);
    expect((await w.request('/api/cities', { headers: { Cookie: deskCookie } })).status).toBe(401);
    expect((await w.signIn(desk.email)).res.status).toBe(401);
  });
});

describe('roles and tokens', () => {
  it('keeps an editor from every message and front desk from its other cities and from deploys', async () => {
    const w = world();
    const editor = await w.session((await w.person('editor')).id);
    const desk = await w.session((await w.person('frontdesk', { cities: ['tampa'] })).id);
    expect((await w.request('/api/messages?site=tampa', { headers: { Cookie: editor } })).status).toBe(403);
    expect((await w.request('/api/messages.csv', { headers: { Cookie: editor } })).status).toBe(403);
    expect((await w.request('/api/messages/by-city', { headers: { Cookie: editor } })).status).toBe(200);
    // The front desk reads messages in the inbox, its cities only; the full list is the owner's.
    expect((await w.request('/api/inbox?site=tampa', { headers: { Cookie: desk } })).status).toBe(200);
    expect((await w.request('/api/inbox?site=orlando', { headers: { Cookie: desk } })).status).toBe(403);
    expect((await w.request('/api/messages?site=tampa', { headers: { Cookie: desk } })).status).toBe(403);
    expect((await w.request('/api/messages', { headers: { Cookie: desk } })).status).toBe(403);
    const deploy = await w.request('/api/cities/tampa/deploy', { method: 'POST', headers: { Cookie: desk, Origin: ORIGIN } });
    expect(deploy.status).toBe(403);
    expect(((await deploy.json()) as { error: string }).error).toContain('role does not allow');
  });

  it('takes a token until it is revoked or its maker is disabled, with the role it was given', async () => {
    const w = world();
    const ownerA = await w.person('owner');
    await w.person('owner');
    const owner = await w.session(ownerA.id);
    const made = await w.request('/api/tokens', { method: 'POST', headers: { Cookie: owner, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ci deploys', role: 'editor' }) });
    expect(made.status).toBe(201);
    const { secret, token } = (await made.json()) as { secret: string; token: { id: string } };
    expect(secret).toMatch(/^cgt_/);
    const bearer = { Authorization: `Bearer ${secret}` };
    expect((await w.request('/api/cities', { headers: bearer })).status).toBe(200);
    expect((await w.request('/api/messages?site=tampa', { headers: bearer })).status).toBe(403);
    const listed = await (await w.request('/api/tokens', { headers: { Cookie: owner } })).text();
    expect(listed).not.toContain(secret);
    expect((await w.request(`/api/tokens/${token.id}`, { method: 'DELETE', headers: { Cookie: owner, Origin: ORIGIN } })).status).toBe(200);
    const revoked = await w.request('/api/cities', { headers: bearer });
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: string }).error).toContain('revoked');
  });

  it('stops a token when the owner who made it is an owner no longer, so it cannot make them owner again', async () => {
    const w = world();
    const ownerA = await w.person('owner');
    const ownerB = await w.person('owner');
    const a = await w.session(ownerA.id);
    const b = await w.session(ownerB.id);
    const made = await w.request('/api/tokens', { method: 'POST', headers: { Cookie: a, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'reports', role: 'owner' }) });
    const bearer = { Authorization: `Bearer ${((await made.json()) as { secret: string }).secret}` };
    expect((await w.request('/api/accounts', { headers: bearer })).status).toBe(200);
    const demoted = await w.request(`/api/accounts/${ownerA.id}`, { method: 'PATCH', headers: { Cookie: b, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ role: 'editor' }) });
    expect(demoted.status).toBe(200);
    expect((await w.request('/api/accounts', { headers: bearer })).status).toBe(401);
    expect((await w.request('/api/messages?site=tampa', { headers: bearer })).status).toBe(401);
    const promote = await w.request(`/api/accounts/${ownerA.id}`, { method: 'PATCH', headers: { ...bearer, 'Content-Type': 'application/json' }, body: JSON.stringify({ role: 'owner' }) });
    expect(promote.status).toBe(401);
    expect((await w.apps.stores.accounts.byId(ownerA.id))?.role).toBe('editor');
    // Made owner again by the other owner: the old token stays revoked.
    const again = await w.request(`/api/accounts/${ownerA.id}`, { method: 'PATCH', headers: { Cookie: b, Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ role: 'owner' }) });
    expect(again.status).toBe(200);
    const revived = await w.request('/api/accounts', { headers: bearer });
    expect(revived.status).toBe(401);
    expect(((await revived.json()) as { error: string }).error).toContain('revoked');
  });
});

describe('the audit trail', () => {
  it('records who read which messages, from where, with the outcome, and a denied attempt too', async () => {
    const w = world();
    const desk = await w.person('frontdesk', { cities: ['tampa'] });
    const cookie = await w.session(desk.id);
    await w.request('/api/inbox?site=tampa&page=1', { headers: { Cookie: cookie } });
    await w.request('/api/inbox?site=orlando', { headers: { Cookie: cookie } });
    await w.request('/api/messages?site=tampa', { headers: { Cookie: cookie } });
    const { records } = await w.apps.stores.audit.page({ actorId: desk.id }, 1, 10);
    expect(records.map((r) => [r.action, r.object, r.city, r.outcome, r.address, r.actorLabel])).toEqual([
      ['message.list', '/api/messages?site=tampa', 'tampa', 403, '127.0.0.1', desk.email],
      ['message.list', '/api/inbox?site=orlando', 'orlando', 403, '127.0.0.1', desk.email],
      ['message.list', '/api/inbox?site=tampa&page=1 count=0', 'tampa', 200, '127.0.0.1', desk.email],
    ]);
  });

  it('is the owner’s to read and export as CSV', async () => {
    const w = world();
    const owner = await w.session((await w.person('owner')).id);
    const editor = await w.session((await w.person('editor')).id);
    await w.request('/api/cities/tampa', { method: 'DELETE', headers: { Cookie: editor, Origin: ORIGIN } });
    expect((await w.request('/api/audit', { headers: { Cookie: editor } })).status).toBe(403);
    const page = (await (await w.request('/api/audit?action=city.delete', { headers: { Cookie: owner } })).json()) as { records: { action: string; object: string; outcome: number }[]; actions: string[] };
    expect(page.records[0]).toMatchObject({ action: 'city.delete', object: '/api/cities/tampa', outcome: 404 });
    expect(page.actions).toContain('city.delete');
    const csv = await w.request('/api/audit.csv?action=city.delete', { headers: { Cookie: owner } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('"seq","at","actor","address","action","object","city","outcome","mac","person","words","city_name","messages","verified"');
    expect(text).toContain('"city.delete","/api/cities/tampa","tampa","404"');
  });
});

describe('the first owner, on loopback', () => {
  it('is made by the setup page while no account exists, from this machine only, and only once', async () => {
    const w = world({}, { noOwner: true });
    const state = async (env = LOOPBACK) => ((await (await w.request('/api/session', {}, env)).json()) as { setup: boolean }).setup;
    expect(await state()).toBe(true);
    expect(await state(fromAddress('192.0.2.10'))).toBe(false);
    const setup = (email: string, env = LOOPBACK) => w.post('/api/setup', { email, name: 'Me', password: PASSWORD }, {}, env);
    expect((await setup('far@example.com', fromAddress('192.0.2.10'))).status).toBe(403);
    const weak = await w.post('/api/setup', { email: 'me@example.com', name: 'Me', password: 'password1234' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: Record<string, string> }).errors.password).toBeTruthy();
    // Two tabs sending the form at once: one owner.
    const [a, b] = await Promise.all([setup('me@example.com'), setup('also-me@example.com')]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    const made = a.status === 201 ? a : b;
    const madeBody = (await made.json()) as { stage: string; account: { id: string } };
    expect(madeBody.stage).toBe('enrol');
    expect(await w.accounts.count()).toBe(1);
    // Setting up signed the owner in: the Staff view shows that, not "Never".
    expect((await w.accounts.byId(madeBody.account.id))?.lastSignInAt).toBe(w.clock.now().toISOString());
    expect(await state()).toBe(false);
    expect((await setup('late@example.com')).status).toBe(403);
  });
});
