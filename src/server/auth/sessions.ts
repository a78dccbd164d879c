import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/app-env.js';
import { isHttps, isLoopback, peerAddress } from '../http/client-address.js';
import type { Account, AccountStore, Session, SessionStage } from './store.js';
import { newSecretToken, tokenHash } from './tokens.js';

/**
 * Sessions (docs/decisions/017-staff-accounts.md): a random token in a cookie, its SHA-256 in the
 * store, so any server of several accepts it and a copy of the database signs nobody in.
 */
export const SESSION_LIMITS = {
  /** Signed out after this long without a request. */
  idleMs: 15 * 60_000,
  /** And after this long in all. */
  maxMs: 12 * 60 * 60_000,
  /** A session's last use is written at most this often: most requests only read it. */
  touchEveryMs: 60_000,
} as const;

const SECURE_NAME = '__Host-clinic_session';
const LOOPBACK_NAME = 'clinic_session';

/**
 * How this request may carry a session: over https (directly or from a trusted proxy) in the
 * `__Host-` cookie; over plain http only straight from loopback (no proxy in between), in a
 * cookie without `Secure`, which a browser would drop over http. Anything else: no session.
 */
export function sessionChannel(c: Context<AppEnv>, trusted: ReadonlySet<string>): 'https' | 'loopback' | undefined {
  if (isHttps(c, trusted)) return 'https';
  const proxied = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  return isLoopback(peerAddress(c)) && !proxied ? 'loopback' : undefined;
}

/**
 * The session token the request's cookie holds. A request with two cookies of the name holds none:
 * one of them was set by someone else (a page on another port of this host may set a cookie for it,
 * and one with a longer Path is sent first), and a session planted so must never stand in for the
 * person's own, nor choose which of their sessions a request uses.
 */
export function readSessionToken(c: Context<AppEnv>, channel: 'https' | 'loopback'): string | undefined {
  const name = channel === 'https' ? SECURE_NAME : LOOPBACK_NAME;
  let named = 0;
  for (const pair of (c.req.header('cookie') ?? '').split(';')) if (pair.trimStart().startsWith(`${name}=`)) named++;
  if (named > 1) {
    // And the browser is told to drop this host's cookies (the planted one among them), or the
    // person would sign in again into the same pair, signed out at the next request, for good.
    c.header('Clear-Site-Data', '"cookies"');
    return undefined;
  }
  const token = getCookie(c, name);
  return token && /^cgs_[A-Za-z0-9_-]{20,}$/.test(token) ? token : undefined;
}

function writeCookie(c: Context<AppEnv>, channel: 'https' | 'loopback', token: string): void {
  if (channel === 'https') setCookie(c, SECURE_NAME, token, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
  else setCookie(c, LOOPBACK_NAME, token, { path: '/', httpOnly: true, sameSite: 'Strict' });
}

export function clearCookie(c: Context<AppEnv>, channel: 'https' | 'loopback'): void {
  if (channel === 'https') deleteCookie(c, SECURE_NAME, { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
  else deleteCookie(c, LOOPBACK_NAME, { path: '/', httpOnly: true, sameSite: 'Strict' });
}

/** Whether a session has run out at `now`: idle too long, or too old. */
export function expired(s: Session, now: number): boolean {
  return now - s.lastSeenAt > SESSION_LIMITS.idleMs || now - s.createdAt > SESSION_LIMITS.maxMs;
}

/** Starts a session for `account` at `stage` and sets its cookie. */
export async function startSession(
  c: Context<AppEnv>,
  o: { accounts: AccountStore; channel: 'https' | 'loopback'; account: Account; stage: SessionStage; address: string; now: number },
): Promise<void> {
  const token = newSecretToken('cgs');
  await o.accounts.createSession({ tokenHash: tokenHash(token), accountId: o.account.id, stage: o.stage, createdAt: o.now, lastSeenAt: o.now, address: o.address });
  writeCookie(c, o.channel, token);
}

/** Moves a session to `stage` under a new token (a token seen before the second factor never counts after it). */
export async function advanceSession(
  c: Context<AppEnv>,
  o: { accounts: AccountStore; channel: 'https' | 'loopback'; session: Session; stage: SessionStage; now: number },
): Promise<boolean> {
  const token = newSecretToken('cgs');
  const next: Session = { ...o.session, tokenHash: tokenHash(token), stage: o.stage, lastSeenAt: o.now };
  if (!(await o.accounts.replaceSession(o.session.tokenHash, next))) return false;
  writeCookie(c, o.channel, token);
  return true;
}
