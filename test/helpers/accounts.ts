import { totpCode } from '../../src/server/auth/totp.js';

/**
 * Signing in over HTTP as a person would (docs/decisions/017-staff-accounts.md): the password,
 * then the second factor (set up on the way when the account has none and is an owner). Used by
 * tests that drive a real server (a `clinic-gen serve` process, serveClinic on a port).
 */
export const TEST_ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple 42' } as const;

/** The environment that makes a fresh server's first owner TEST_ADMIN. */
export const TEST_ADMIN_ENV = { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password } as const;

export interface SignedIn {
  /** `Cookie` header value of the session. */
  cookie: string;
  /** The cookie's name and value, for a browser context. */
  name: string;
  value: string;
  /** The TOTP secret, when this sign-in set one up (or the one given). */
  totpSecret?: string;
  recoveryCodes?: string[];
  /** Headers for the admin API with this session: the cookie, and the Origin a browser sends. */
  headers(extra?: Record<string, string>): Record<string, string>;
}

const cookieOf = (res: Response, prior?: { name: string; value: string }) => {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?clinic_session=/.test(c));
  if (!set) return prior;
  const [pair] = set.split(';');
  const eq = pair!.indexOf('=');
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1) };
};

/** The next TOTP code that has not been used yet (waits for the next 30 s step when `after` is the current one). */
export async function freshCode(secret: string, usedStep?: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    if (usedStep === undefined || step > usedStep) return { code: totpCode(secret, Date.now()), step };
    await new Promise((r) => setTimeout(r, 30_000 * (step + 1) - Date.now() + 50));
  }
}

/**
 * Signs in at `baseUrl` (the admin's listener) with email and password; enrols a second factor
 * when the server asks (an account that must use one and has none), or answers a code with
 * `totpSecret`. With `newPassword`, a first password an owner set is then changed to it, as the
 * person does at the first sign-in (NOTES.md decision 17).
 */
export async function signIn(
  baseUrl: string,
  account: { email: string; password: string; totpSecret?: string; newPassword?: string } = TEST_ADMIN,
): Promise<SignedIn> {
  const origin = new URL(baseUrl).origin;
  const post = (path: string, body: unknown, cookie?: { name: string; value: string }) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: `${cookie.name}=${cookie.value}` } : {}) },
      body: JSON.stringify(body),
    });
  const res = await post('/api/session', { email: account.email, password: account.password });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  let cookie = cookieOf(res)!;
  const { stage } = (await res.json()) as { stage: string };
  let totpSecret = account.totpSecret;
  let recoveryCodes: string[] | undefined;
  if (stage === 'enrol') {
    const enrol = await post('/api/session/totp/enrol', {}, cookie);
    if (enrol.status !== 200) throw new Error(`enrol answered ${enrol.status}: ${await enrol.text()}`);
    totpSecret = ((await enrol.json()) as { secret: string }).secret;
    const { code } = await freshCode(totpSecret);
    const confirm = await post('/api/session/totp/confirm', { code }, cookie);
    if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
    cookie = cookieOf(confirm, cookie)!;
    recoveryCodes = ((await confirm.json()) as { recoveryCodes: string[] }).recoveryCodes;
  } else if (stage === 'totp') {
    if (!totpSecret) throw new Error('the account asks for a code and no TOTP secret was given');
    const { code } = await freshCode(totpSecret);
    const answer = await post('/api/session/totp', { code }, cookie);
    if (answer.status !== 200) throw new Error(`code answered ${answer.status}: ${await answer.text()}`);
    cookie = cookieOf(answer, cookie)!;
  }
  if (account.newPassword !== undefined) {
    const session = (await (await fetch(`${baseUrl}/api/session`, { headers: { Cookie: `${cookie.name}=${cookie.value}` } })).json()) as { account?: { passwordChange?: boolean } };
    if (session.account?.passwordChange) {
      const changed = await fetch(`${baseUrl}/api/session/password`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: `${cookie.name}=${cookie.value}` },
        body: JSON.stringify({ current: account.password, password: account.newPassword }),
      });
      if (changed.status !== 200) throw new Error(`password change answered ${changed.status}: ${await changed.text()}`);
      cookie = cookieOf(changed, cookie)!;
    }
  }
  return {
    cookie: `${cookie.name}=${cookie.value}`,
    name: cookie.name,
    value: cookie.value,
    totpSecret,
    recoveryCodes,
    headers: (extra = {}) => ({ Cookie: `${cookie.name}=${cookie.value}`, Origin: origin, ...extra }),
  };
}

/**
 * An API token for scripts and tests: signs in as `account` (the first owner by default) and
 * creates a token with `role`. Answers the `Authorization` header value.
 */
export async function apiToken(baseUrl: string, role: 'owner' | 'editor' | 'frontdesk' = 'owner', account?: { email: string; password: string; totpSecret?: string }): Promise<string> {
  return createToken(baseUrl, await signIn(baseUrl, account), role);
}

/** A new API token with `role`, made by a session already signed in (an owner's). Answers the `Authorization` header value. */
export async function createToken(baseUrl: string, session: SignedIn, role: 'owner' | 'editor' | 'frontdesk' = 'owner'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/tokens`, {
    method: 'POST',
    headers: session.headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ name: `test ${role}`, role }),
  });
  if (res.status !== 201) throw new Error(`token answered ${res.status}: ${await res.text()}`);
  return `Bearer ${((await res.json()) as { secret: string }).secret}`;
}
