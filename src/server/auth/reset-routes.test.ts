import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/pg-cluster.mjs';
import { linksIn, subjectOf, textOf, until } from '../../../test/helpers/mail-text.js';
import { fromAddress, testApps, TEST_HOST } from '../../../test/helpers/server-app.js';
import { smtpSink } from '../../../test/helpers/smtp.js';
import { RESET_LINK_FRAGMENT } from '../../contract/password-reset.js';
import { resolveServerConfig, type ServerConfig } from '../settings/config.js';
import { seal } from '../crypto/data-key.js';
import type { Logger } from '../log/logger.js';
import { hashPassword } from './passwords.js';
import { RESET_LIMITS } from './reset-routes.js';
import { newSecretToken, tokenHash } from './tokens.js';
import { newTotpSecret, totpCode } from './totp.js';

/**
 * Forgot password (issue 37 item 9) through the real apps, against a real SMTP server on
 * loopback, on a clock the test moves: the mail and its link, once, 30 minutes, the same answer
 * for an email of no account, the limits, two-step sign-in still asked after a reset, and no
 * email or token in a log line or the audit trail.
 */

const PASSWORD = 'a long and unusual passphrase 7';
const NEW_PASSWORD = 'another quite different passphrase 9';
const ORIGIN = `https://${TEST_HOST}`;
const HERE = fromAddress('203.0.113.7');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The mail settings `serve` resolves from this environment. */
function mailSettings(port: number): ServerConfig['mail'] {
  const resolved = resolveServerConfig({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Clinic Website <website@example.com>', NOTIFY_TO: 'frontdesk@example.com', PUBLIC_URL: ORIGIN },
  });
  if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
  return resolved.config.mail;
}

/** Test apps with mail (unless `mail` is false) on a clock the test moves; every log line kept. */
async function world(o: { mail?: boolean } = {}) {
  let t = Date.parse('2026-11-26T10:00:00Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const port = await freePort();
  const sink = o.mail === false ? undefined : await smtpSink(port);
  if (sink) cleanups.push(sink.close);
  const lines: string[] = [];
  const keep = (event: string, fields?: Record<string, unknown>) => void lines.push(JSON.stringify({ event, ...fields }));
  const logger: Logger = { info: keep, warn: keep, error: keep, infoLine: (json) => void lines.push(json(new Date(t).toISOString())) };
  const apps = testApps({ now: clock.now, logger, server: { mail: sink ? mailSettings(port) : undefined, publicUrl: ORIGIN } });
  const { accounts } = apps.stores;
  const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}, env = HERE) =>
    apps.admin.request(`${ORIGIN}${path}`, { ...init, headers: { Authorization: '', Host: TEST_HOST, ...init.headers } }, env);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, env = HERE) =>
    request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers }, body: JSON.stringify(body) }, env);
  /** An owner with a password and a second factor, as after enrolment. */
  async function owner(email = `owner-${randomUUID().slice(0, 6)}@example.com`) {
    const id = randomUUID();
    const secret = newTotpSecret();
    await accounts.create({ id, email, name: 'Dana Owner', role: 'owner', cities: null, passwordHash: await hashPassword(PASSWORD), createdAt: clock.now().toISOString() });
    await accounts.update(id, { totpSecret: seal(apps.secrets.keys, secret, `totp:${id}`) });
    return { id, email, secret };
  }
  const signIn = (email: string, password: string) => post('/api/session', { email, password });
  const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.includes('clinic_session='))?.split(';')[0];
  return { apps, accounts, clock, sink, lines, request, post, owner, signIn, cookieOf };
}

describe('forgot password', () => {
  it('mails a link to the account that works once, ends every session, keeps API tokens, and still asks for the code', async () => {
    const w = await worldWithMail();
    const a = await w.owner();
    // A session and an API token of the account from before.
    const before = newSecretToken('cgs');
    await w.accounts.createSession({ tokenHash: tokenHash(before), accountId: a.id, stage: 'full', createdAt: w.clock.now().getTime(), lastSeenAt: w.clock.now().getTime(), address: '203.0.113.7' });
    const script = newSecretToken('cgt');
    await w.accounts.createToken({ id: 'script', tokenHash: tokenHash(script), name: 'backup script', role: 'owner', createdBy: a.id, createdAt: w.clock.now().toISOString(), lastUsedAt: null, revokedAt: null, cities: null });

    expect(await (await w.request('/api/password-reset')).json()).toEqual({ success: true, byEmail: true, minutes: 30 });
    const asked = await w.post('/api/password-reset', { email: a.email.toUpperCase() });
    expect(asked.status).toBe(202);
    await until(() => w.sink.received.length === 1);
    const mail = w.sink.received[0]!;
    expect(mail.to).toEqual([a.email]);
    expect(subjectOf(mail.raw)).toBe('Choose a new password for the Summit Men’s Health admin');
    expect(textOf(mail.raw)).toContain('It works once, within 30 minutes');
    const [link] = linksIn(mail);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/admin#${RESET_LINK_FRAGMENT}cgr_[A-Za-z0-9_-]{43}$`));
    const token = link!.slice(link!.indexOf(RESET_LINK_FRAGMENT) + RESET_LINK_FRAGMENT.length);

    // The same password rules as anywhere: refused, and the link still works after.
    const weak = await w.post('/api/password-reset/complete', { token, password: 'password1234' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: Record<string, string> }).errors.password).toMatch(/common passwords/);

    const done = await w.post('/api/password-reset/complete', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    // Once.
    const again = await w.post('/api/password-reset/complete', { token, password: `${NEW_PASSWORD} again` });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toContain('has expired or was used already');

    // Every session of the account ended; its API token still works.
    const old = (await (await w.request('/api/session', { headers: { Cookie: `__Host-clinic_session=${before}` } })).json()) as { signedIn: boolean };
    expect(old.signedIn).toBe(false);
    expect((await w.request('/api/accounts', { headers: { Authorization: `Bearer ${script}` } })).status).toBe(200);

    // The old password no longer signs in; the new one does, and the code is still asked.
    expect((await w.signIn(a.email, PASSWORD)).status).toBe(401);
    const signedIn = await w.signIn(a.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { stage: string }).stage).toBe('totp');
    const code = await w.post('/api/session/totp', { code: totpCode(a.secret, w.clock.now().getTime()) }, { Cookie: w.cookieOf(signedIn)! });
    expect(code.status).toBe(200);
    expect(((await code.json()) as { stage: string }).stage).toBe('full');

    // Audited with the account, never with the token; no log line holds the email or the token.
    const trail = (await w.apps.stores.audit.page({ actorId: a.id }, 1, 50)).records;
    expect(trail.map((r) => [r.action, r.outcome])).toEqual(expect.arrayContaining([['account.password_reset_requested', 202], ['account.password_reset', 200]]));
    const everything = JSON.stringify((await w.apps.stores.audit.page({}, 1, 200)).records);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(tokenHash(token));
    const log = w.lines.join('\n');
    expect(log).toContain('password_reset.mail_sent');
    expect(log).toContain('/api/password-reset/complete');
    expect(log).not.toContain(token);
    expect(log).not.toContain(a.email);
  });

  it('refuses the link after 30 minutes on the server’s clock, and works until then', async () => {
    const w = await worldWithMail();
    const a = await w.owner();
    const tokenOf = async (n: number) => {
      expect((await w.post('/api/password-reset', { email: a.email })).status).toBe(202);
      await until(() => w.sink.received.length === n);
      const link = linksIn(w.sink.received[n - 1]!)[0]!;
      return link.slice(link.indexOf(RESET_LINK_FRAGMENT) + RESET_LINK_FRAGMENT.length);
    };
    const late = await tokenOf(1);
    w.clock.advance(30 * 60_000);
    const refused = await w.post('/api/password-reset/complete', { token: late, password: NEW_PASSWORD });
    expect(refused.status).toBe(410);
    expect((await w.signIn(a.email, PASSWORD)).status).toBe(200);

    const inTime = await tokenOf(2);
    w.clock.advance(30 * 60_000 - 1_000);
    expect((await w.post('/api/password-reset/complete', { token: inTime, password: NEW_PASSWORD })).status).toBe(200);
    expect((await w.signIn(a.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an email of no account exactly as one of an account, and mails nobody', async () => {
    const w = await worldWithMail();
    const a = await w.owner();
    const disabled = await w.owner();
    await w.accounts.update(disabled.id, { active: false });
    const unknown = await w.post('/api/password-reset', { email: 'nobody-here@example.com' }, {}, fromAddress('198.51.100.1'));
    const off = await w.post('/api/password-reset', { email: disabled.email }, {}, fromAddress('198.51.100.2'));
    const known = await w.post('/api/password-reset', { email: a.email }, {}, fromAddress('198.51.100.3'));
    const shape = async (res: Response) => ({ status: res.status, body: await res.text(), cookie: res.headers.getSetCookie(), retry: res.headers.get('retry-after') });
    const answers = [await shape(unknown), await shape(off), await shape(known)];
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    await until(() => w.sink.received.length === 1);
    expect(w.sink.received.map((m) => m.to)).toEqual([[a.email]]);
    // The trail records each ask, with the account when one is known, and never the email asked for.
    const asks = (await w.apps.stores.audit.page({ action: 'account.password_reset_requested' }, 1, 10)).records;
    expect(asks.map((r) => r.actorId).sort()).toEqual(['', '', a.id].sort());
    expect(JSON.stringify(asks)).not.toContain('nobody-here');
    expect(w.lines.join('\n')).not.toContain('nobody-here');
  });

  it('limits asking as sign-in is limited: per email (known or not), per address, and for everyone together', async () => {
    const w = await worldWithMail();
    const a = await w.owner();
    const ask = (email: string, address: string) => w.post('/api/password-reset', { email }, {}, fromAddress(address));
    // Per email, from several addresses: an email of no account is limited alike, so the limit tells nothing.
    for (const email of [a.email, 'nobody-here@example.com']) {
      for (let i = 0; i < RESET_LIMITS.perAccount; i++) expect((await ask(email, `198.51.100.${10 + i}`)).status).toBe(202);
      const over = await ask(email, '198.51.100.99');
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await over.json()) as { message: string }).message).toMatch(/^Too many requests for a reset link; try again in 15 minutes/);
    }
    // Per address, for many emails.
    for (let i = 0; i < RESET_LIMITS.perClient; i++) expect((await ask(`person${i}@example.com`, '192.0.2.1')).status).toBe(202);
    expect((await ask('one-more@example.com', '192.0.2.1')).status).toBe(429);
    // Everyone together: each from an address and for an email of its own.
    const sent = 2 * RESET_LIMITS.perAccount + RESET_LIMITS.perClient;
    for (let i = sent; i < RESET_LIMITS.global; i++) expect((await ask(`many${i}@example.com`, `10.9.${i >> 8}.${i & 255}`)).status).toBe(202);
    expect((await ask('last@example.com', '10.10.0.1')).status).toBe(429);
    // The window passes: asking works again. Signing in was never limited by any of it.
    expect((await w.signIn(a.email, PASSWORD)).status).toBe(200);
    w.clock.advance(RESET_LIMITS.windowMs);
    expect((await ask(a.email, '198.51.100.99')).status).toBe(202);
    await until(() => w.sink.received.length === RESET_LIMITS.perAccount + 1);
  });

  it('refuses a made-up or altered token, counted per address', async () => {
    const w = await worldWithMail();
    const wrong = await w.post('/api/password-reset/complete', { token: `cgr_${'A'.repeat(43)}`, password: NEW_PASSWORD });
    expect(wrong.status).toBe(410);
    const trail = (await w.apps.stores.audit.page({ action: 'account.password_reset_failed' }, 1, 10)).records;
    expect(trail.map((r) => [r.actorId, r.outcome])).toEqual([['', 410]]);
    expect(JSON.stringify(trail)).not.toContain('AAAA');
  });

  it('without mail, offers no link and says so', async () => {
    const w = await world({ mail: false });
    expect(await (await w.request('/api/password-reset')).json()).toEqual({ success: true, byEmail: false, minutes: 30 });
    const res = await w.post('/api/password-reset', { email: 'someone@example.com' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string; hint: string };
    expect(body.message).toContain('cannot send a link');
  });

  it('refuses to be asked from another site', async () => {
    const w = await worldWithMail();
    expect((await w.post('/api/password-reset', { email: 'someone@example.com' }, { Origin: 'https://evil.example.net' })).status).toBe(403);
    expect((await w.post('/api/password-reset/complete', { token: 'x', password: NEW_PASSWORD }, { Origin: 'https://evil.example.net' })).status).toBe(403);
  });
});

/** world() with a real SMTP server on a free port of loopback. */
async function worldWithMail() {
  const w = await world();
  return w as typeof w & { sink: NonNullable<typeof w.sink> };
}
