import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as M from '../../texts/server.js';
import type { Message } from '../../texts/message.js';
import { actorFields, type AuditTrail } from '../audit/index.js';
import { open, seal, type KeyRing } from '../crypto/data-key.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { clientAddress, rateKey } from '../http/client-address.js';
import { createAttemptGate } from './attempts.js';
import { body, fieldError, publicAccount } from './fields.js';
import { answerOf } from '../../contract/route.js';
import { passwordChange, sessionGet, setupOwner, signIn, signInCode, signOut, totpConfirm, totpEnrol } from '../../contract/session.js';
import { accountActor, refuse } from './guard.js';
import { hashPassword, passwordProblem, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { advanceSession, clearCookie, expired, readSessionToken, sessionChannel, SESSION_LIMITS, startSession } from './sessions.js';
import { needsTwoStep, type Account, type AccountStore, type Session } from './store.js';
import { tokenHash } from './tokens.js';
import { staffRoutes } from './staff-routes.js';
import { otpauthUri, qrSvg, verifyTotp, newTotpSecret } from './totp.js';
import type { RateCounters } from '../rate-limits/index.js';

/**
 * Signing in and out, the second factor, the first owner, accounts and API tokens
 * (docs/decisions/017-staff-accounts.md). The guard (guard.ts) has already decided who may call
 * each route (auth/permissions.ts); these routes write their own audit records where the guard
 * cannot know the outcome's actor (a sign-in).
 */
export interface AuthRouteOptions {
  accounts: AccountStore;
  audit: AuditTrail;
  keys: KeyRing;
  /** The HMAC key recovery codes are stored under (crypto/server-keys.ts). */
  pepper: Buffer;
  trusted: ReadonlySet<string>;
  counters: RateCounters;
  failuresPerClient: number;
  failuresPerAccount: number;
  failuresGlobal: number;
  now: () => Date;
  /** The issuer an authenticator app shows beside the code. */
  issuer: string;
  /** Told of every sign-in attempt's outcome (the server's metrics). */
  onSignIn?: (outcome: 'ok' | 'failed' | 'limited') => void;
}

/** What a 429 of the attempt gate says, by the limit it hit. */
function tooManyText(scope: 'client' | 'account' | 'global'): Message {
  return scope === 'client' ? M.adminTooManyAttempts : scope === 'account' ? M.accountTooManyAttempts : M.adminLockedOut;
}

export function authRoutes(o: AuthRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { accounts, audit, keys, trusted } = o;
  const nowMs = () => o.now().getTime();
  const gate = createAttemptGate({
    perClient: o.failuresPerClient,
    perAccount: o.failuresPerAccount,
    global: o.failuresGlobal,
    now: nowMs,
    counters: o.counters,
  });
  const address = (c: Context<AppEnv>) => clientAddress(c, trusted);
  const log = (c: Context<AppEnv>, action: string, actor: Actor | undefined, outcome: number, object = '') =>
    audit.record({ ...actorFields(actor), address: address(c), action, object, city: '', outcome });
  const totpContext = (accountId: string) => `totp:${accountId}`;

  /** The session a request carries, whatever its stage, or undefined. */
  const current = async (c: Context<AppEnv>): Promise<{ session: Session; account: Account; channel: 'https' | 'loopback' } | undefined> => {
    const channel = sessionChannel(c, trusted);
    const token = channel && readSessionToken(c, channel);
    if (!channel || !token) return undefined;
    const found = await accounts.session(tokenHash(token));
    if (!found || !found.account.active || expired(found.session, nowMs())) return undefined;
    return { ...found, channel };
  };
  /** Setup is open while no account exists, to a browser on this machine itself. */
  const setupOpen = async (c: Context<AppEnv>) => sessionChannel(c, trusted) === 'loopback' && (await accounts.count()) === 0;
  // Every account that can read messages, and an editor the owner chose, uses two-step sign-in:
  // one without a second factor sets it up now (decision 17).
  const stageAfterPassword = (a: Account) => (a.totpSecret ? 'totp' : needsTwoStep(a) ? 'enrol' : 'full') as Session['stage'];

  app.get(sessionGet.path, async (c) => {
    const s = await current(c);
    const idleMinutes = SESSION_LIMITS.idleMs / 60_000;
    if (!s) return c.json(answerOf(sessionGet, { success: true, signedIn: false, setup: await setupOpen(c), idleMinutes }));
    // The admin asks this while its person types without calling anything else: that is use.
    if (nowMs() - s.session.lastSeenAt >= SESSION_LIMITS.touchEveryMs) await accounts.touchSession(s.session.tokenHash, nowMs());
    return c.json(answerOf(sessionGet, { success: true, signedIn: true, stage: s.session.stage, account: publicAccount(s.account), setup: false, idleMinutes }));
  });

  app.post(setupOwner.path, async (c) => {
    const channel = sessionChannel(c, trusted);
    if (channel !== 'loopback') return refuse(c, 403, M.setupLoopbackOnly);
    const b = await body(c, setupOwner.request);
    if (!b.ok) return b.response;
    const problem = passwordProblem(b.value.password, { email: b.value.email, name: b.value.name });
    if (problem) return fieldError(c, 'password', problem);
    const owner = await accounts.createFirstOwner({
      id: randomUUID(),
      email: b.value.email,
      name: b.value.name,
      role: 'owner',
      cities: null,
      passwordHash: await hashPassword(b.value.password),
      createdAt: o.now().toISOString(),
    });
    if (!owner) return refuse(c, 403, M.setupClosed);
    // Setting up signs the owner in: the Staff view then shows this sign-in, not "Never".
    await accounts.update(owner.id, { lastSignInAt: o.now().toISOString() });
    await log(c, 'account.setup', accountActor(owner), 201, owner.id);
    await startSession(c, { accounts, channel, account: owner, stage: 'enrol', address: address(c), now: nowMs() });
    return c.json(answerOf(setupOwner, { success: true, stage: 'enrol', account: publicAccount(owner) }), 201);
  });

  app.post(signIn.path, async (c) => {
    const channel = sessionChannel(c, trusted);
    if (!channel) return refuse(c, 403, M.signInNeedsHttps);
    const b = await body(c, signIn.request);
    if (!b.ok) return b.response;
    const account = await accounts.byEmail(b.value.email);
    // Counted per address and per account, named by a hash so the counters never hold an email.
    const outcome = await gate.attempt(
      rateKey(address(c)),
      true,
      async () => (account && account.active ? verifyPassword(b.value.password, account.passwordHash) : verifyAgainstNothing(b.value.password)),
      tokenHash(`account:${b.value.email}`),
    );
    if (outcome === 'wrong' || (outcome !== 'right' && !outcome.ok)) {
      const status = outcome === 'wrong' ? 401 : 429;
      o.onSignIn?.(outcome === 'wrong' ? 'failed' : 'limited');
      await log(c, 'session.sign_in_failed', account ? accountActor(account) : undefined, status);
      if (outcome === 'wrong') return refuse(c, 401, M.signInWrong);
      return refuse(c, 429, tooManyText(outcome.scope), { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
    const signedIn = (await accounts.update(account!.id, { lastSignInAt: o.now().toISOString() }))!;
    // Sessions nobody signed out of stay in the store until they could no longer be used.
    await accounts.pruneSessions(nowMs() - SESSION_LIMITS.idleMs);
    const stage = stageAfterPassword(signedIn);
    await startSession(c, { accounts, channel, account: signedIn, stage, address: address(c), now: nowMs() });
    await log(c, stage === 'full' ? 'session.sign_in' : 'session.password_ok', accountActor(signedIn), 200);
    if (stage === 'full') o.onSignIn?.('ok');
    return c.json(answerOf(signIn, { success: true, stage, account: publicAccount(signedIn) }));
  });

  app.post(signInCode.path, async (c) => {
    const s = await current(c);
    if (!s) return refuse(c, 401, M.signInRequired);
    if (s.session.stage !== 'totp' || !s.account.totpSecret) return refuse(c, 403, M.totpNotStarted);
    const b = await body(c, signInCode.request);
    if (!b.ok) return b.response;
    const client = rateKey(address(c));
    const code = b.value.code.replace(/\s/g, '');
    // Six digits are the app's code; anything else is tried as a recovery code.
    const appCode = /^\d{6}$/.test(code);
    let recovery = false;
    const outcome = await gate.attempt(
      client,
      true,
      async () => {
        if (appCode) {
          const secret = open(keys, s.account.totpSecret!, totpContext(s.account.id)).toString('utf8');
          const v = verifyTotp(secret, code, nowMs(), s.account.totpLastStep);
          return v.ok && (await accounts.claimTotpStep(s.account.id, v.step));
        }
        recovery = await accounts.useRecoveryCode(s.account.id, hashRecoveryCode(o.pepper, code), o.now().toISOString());
        return recovery;
      },
      tokenHash(`account:${s.account.email}`),
    );
    if (outcome === 'wrong' || (outcome !== 'right' && !outcome.ok)) {
      o.onSignIn?.(outcome === 'wrong' ? 'failed' : 'limited');
      await log(c, 'session.code_failed', accountActor(s.account), outcome === 'wrong' ? 401 : 429);
      if (outcome === 'wrong') return refuse(c, 401, appCode ? M.totpWrong : M.recoveryCodeWrong);
      return refuse(c, 429, outcome.scope === 'account' ? M.accountTooManyAttempts : M.adminTooManyAttempts, { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
    if (!(await advanceSession(c, { accounts, channel: s.channel, session: s.session, stage: 'full', now: nowMs() }))) return refuse(c, 401, M.signInRequired);
    await log(c, recovery ? 'session.sign_in_recovery_code' : 'session.sign_in', accountActor(s.account), 200);
    o.onSignIn?.('ok');
    return c.json(answerOf(signInCode, { success: true, stage: 'full', account: publicAccount(s.account), recoveryCodesLeft: await accounts.recoveryCodesLeft(s.account.id) }));
  });

  /**
   * The password of the account signed in, asked again before a change a session alone must not
   * make. Counted with the sign-ins (per address and per account): a browser left signed in is no
   * way round their limits. Undefined when it is right; else the answer to send.
   */
  const passwordAgain = async (c: Context<AppEnv>, account: Account, given: string, field: string): Promise<Response | undefined> => {
    const outcome = await gate.attempt(rateKey(address(c)), true, () => verifyPassword(given, account.passwordHash), tokenHash(`account:${account.email}`));
    if (outcome === 'right') return undefined;
    if (outcome === 'wrong' || outcome.ok) return fieldError(c, field, M.passwordCurrentWrong.title);
    return refuse(c, 429, tooManyText(outcome.scope), { 'Retry-After': String(outcome.retryAfterSeconds) });
  };

  app.post(totpEnrol.path, async (c) => {
    const s = await current(c);
    if (!s) return refuse(c, 401, M.signInRequired);
    if (s.session.stage === 'totp') return refuse(c, 403, M.finishSignIn);
    // Outside the set-up that follows a password sign-in (stage enrol), setting up a second factor
    // or moving it to another phone takes the password again: else whoever holds a signed-in
    // browser could put their own app on the account and lock its owner out.
    if (s.session.stage === 'full') {
      const b = await body(c, totpEnrol.request.unwrap());
      if (!b.ok) return b.response;
      const refused = await passwordAgain(c, s.account, b.value.password, 'password');
      if (refused) {
        await log(c, 'account.totp_password_failed', accountActor(s.account), refused.status);
        return refused;
      }
    }
    const secret = newTotpSecret();
    await accounts.update(s.account.id, { totpPending: seal(keys, secret, totpContext(s.account.id)) });
    const uri = otpauthUri({ secret, account: s.account.email, issuer: o.issuer });
    return c.json(answerOf(totpEnrol, { success: true, secret, uri, qrSvg: qrSvg(uri) }));
  });

  app.post(totpConfirm.path, async (c) => {
    const s = await current(c);
    if (!s) return refuse(c, 401, M.signInRequired);
    if (s.session.stage === 'totp') return refuse(c, 403, M.finishSignIn);
    if (!s.account.totpPending) return refuse(c, 403, M.totpNotStarted);
    const b = await body(c, totpConfirm.request);
    if (!b.ok) return b.response;
    const secret = open(keys, s.account.totpPending, totpContext(s.account.id)).toString('utf8');
    const v = verifyTotp(secret, b.value.code, nowMs(), null);
    if (!v.ok) {
      await log(c, 'account.totp_failed', accountActor(s.account), 401);
      return fieldError(c, 'code', M.totpWrong.title);
    }
    await accounts.update(s.account.id, { totpSecret: s.account.totpPending, totpPending: null });
    await accounts.claimTotpStep(s.account.id, v.step);
    const codes = newRecoveryCodes();
    await accounts.setRecoveryCodes(s.account.id, codes.map((code) => hashRecoveryCode(o.pepper, code)));
    // Another device that signed in with the password alone must not keep its session.
    await accounts.deleteSessions(s.account.id, s.session.tokenHash);
    if (s.session.stage !== 'full') await advanceSession(c, { accounts, channel: s.channel, session: s.session, stage: 'full', now: nowMs() });
    await log(c, 'account.totp_enrolled', accountActor(s.account), 200, s.account.id);
    const after = (await accounts.byId(s.account.id))!;
    return c.json(answerOf(totpConfirm, { success: true, stage: 'full', account: publicAccount(after), recoveryCodes: codes }));
  });

  app.delete(signOut.path, async (c) => {
    const channel = sessionChannel(c, trusted);
    const token = channel && readSessionToken(c, channel);
    if (channel && token) {
      const found = await accounts.session(tokenHash(token));
      await accounts.deleteSession(tokenHash(token));
      clearCookie(c, channel);
      if (found) await log(c, 'session.sign_out', accountActor(found.account), 204);
    }
    return c.body(null, 204);
  });

  app.put(passwordChange.path, async (c) => {
    const actor = c.get('actor')!;
    if (actor.kind !== 'session') return refuse(c, 403, M.roleForbidden);
    const b = await body(c, passwordChange.request);
    if (!b.ok) return b.response;
    const account = (await accounts.byId(actor.accountId))!;
    const refused = await passwordAgain(c, account, b.value.current, 'current');
    if (refused) return refused;
    if (b.value.password === b.value.current) return fieldError(c, 'password', M.passwordUnchanged.title);
    const problem = passwordProblem(b.value.password, { email: account.email, name: account.name });
    if (problem) return fieldError(c, 'password', problem);
    const s = await current(c);
    // The person's own password now: a first one an owner set is done with.
    await accounts.update(account.id, { passwordHash: await hashPassword(b.value.password), passwordChange: false });
    // update() ended every session of the account; this browser keeps working under a new one.
    if (s) await startSession(c, { accounts, channel: s.channel, account, stage: 'full', address: address(c), now: nowMs() });
    return c.json(answerOf(passwordChange, { success: true }));
  });

  app.route('/', staffRoutes({ accounts, now: o.now }));
  return app;
}
