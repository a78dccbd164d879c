import { answerOf, call, signalSignedOut, type Answer } from '../api.js';
import type { Account, SessionInfo, Stage } from './account.js';

/**
 * The session calls of decision 017. Signing in answers 401 for a wrong password or code, which
 * is not a session ending, so these use fetch directly instead of adminFetch; the calls made from
 * inside the admin (change password) go through it like any other.
 */

/** A sign-in step's answer; `retryAfter` (seconds) comes with a 429. */
export type StepAnswer<T> = Answer<T> & { retryAfter?: number };

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

async function send<T>(method: string, url: string, body?: unknown): Promise<StepAnswer<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: StepAnswer<T> = await answerOf<T>(res);
    if (res.status === 429) answer.retryAfter = retryAfterSeconds(res.headers.get('Retry-After'));
    return answer;
  } catch (err) {
    console.error(err);
    return { ok: false, status: 0, failure: { errors: {} } };
  }
}

/** GET /api/session; throws when the server cannot say (down, a proxy's error page). */
export async function getSession(): Promise<SessionInfo> {
  const res = await fetch('/api/session', { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const json = (await res.json()) as Partial<SessionInfo>;
  return {
    signedIn: json.signedIn === true,
    stage: json.stage,
    account: json.account,
    setup: json.setup === true,
    idleMinutes: typeof json.idleMinutes === 'number' && json.idleMinutes > 0 ? json.idleMinutes : 15,
  };
}

/**
 * After a 401 from a step that also answers 401 for a wrong code: whether the session still
 * holds. When it does not, the page is told, as for any admin call.
 */
export async function stillSignedIn(): Promise<boolean> {
  try {
    const info = await getSession();
    if (info.signedIn) return true;
  } catch (err) {
    console.error(err);
    return true; // cannot tell: let the step show its own error
  }
  signalSignedOut('ended');
  return false;
}

type Signed = { stage: Stage; account: Account };

export const createOwner = (body: { email: string; name: string; password: string }) => send<Signed>('POST', '/api/setup', body);
export const signIn = (body: { email: string; password: string }) => send<Signed>('POST', '/api/session', body);
export const submitCode = (code: string) => send<Signed & { recoveryCodesLeft?: number }>('POST', '/api/session/totp', { code });
/**
 * A 401 here can only mean the session is gone: an admin call. Signed in fully (Account > Two-step
 * sign-in), the password is asked again; in the set-up right after a sign-in, it is not.
 */
export const startEnrol = (password?: string) => call<{ secret: string; uri: string; qrSvg: string }>('POST', '/api/session/totp/enrol', password === undefined ? undefined : { password });
export const confirmEnrol = (code: string) => send<Signed & { recoveryCodes: string[] }>('POST', '/api/session/totp/confirm', { code });
export const changePassword = (body: { current: string; password: string }) => call<object>('PUT', '/api/session/password', body);

/** DELETE /api/session; `keepalive`, so it still goes when the page is closing. Failures are logged. */
export async function endSession(): Promise<void> {
  try {
    await fetch('/api/session', { method: 'DELETE', credentials: 'include', keepalive: true });
  } catch (err) {
    console.error(err);
  }
}
