import type { ApiRoute, RequestOf, ResponseOf } from '../../contract/route.js';
import { passwordChange, sessionGet, setupOwner, signIn as signInRoute, signInCode, signOut, totpConfirm, totpEnrol } from '../../contract/session.js';
import { answerOf, callRoute, signalSignedOut, type Answer } from '../api.js';
import type { SessionInfo } from './account.js';

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

/** A sign-in step of the contract, sent with fetch itself: its 401 is a wrong answer, not a session ended. */
async function send<R extends ApiRoute>(route: R, body: RequestOf<R>): Promise<StepAnswer<ResponseOf<R>>> {
  try {
    const res = await fetch(route.path, {
      method: route.method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: StepAnswer<ResponseOf<R>> = await answerOf<ResponseOf<R>>(res);
    if (res.status === 429) answer.retryAfter = retryAfterSeconds(res.headers.get('Retry-After'));
    return answer;
  } catch (err) {
    console.error(err);
    return { ok: false, status: 0, failure: { errors: {} } };
  }
}

/** GET /api/session; throws when the server cannot say (down, a proxy's error page). */
export async function getSession(): Promise<SessionInfo> {
  const res = await fetch(sessionGet.path, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  // What a proxy in front of the server may have put in its place is read field by field.
  const json = (await res.json()) as Partial<ResponseOf<typeof sessionGet>>;
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

export const createOwner = (body: RequestOf<typeof setupOwner>) => send(setupOwner, body);
export const signIn = (body: RequestOf<typeof signInRoute>) => send(signInRoute, body);
export const submitCode = (code: string) => send(signInCode, { code });
/**
 * A 401 here can only mean the session is gone: an admin call. Signed in fully (Account > Two-step
 * sign-in), the password is asked again; in the set-up right after a sign-in, it is not.
 */
export const startEnrol = (password?: string) => callRoute(totpEnrol, { body: password === undefined ? undefined : { password } });
export const confirmEnrol = (code: string) => send(totpConfirm, { code });
export const changePassword = (body: RequestOf<typeof passwordChange>) => callRoute(passwordChange, { body });

/** DELETE /api/session; `keepalive`, so it still goes when the page is closing. Failures are logged. */
export async function endSession(): Promise<void> {
  try {
    await fetch(signOut.path, { method: signOut.method, credentials: 'include', keepalive: true });
  } catch (err) {
    console.error(err);
  }
}
