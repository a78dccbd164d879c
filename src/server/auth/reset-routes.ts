import { randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { EMAIL_ADDRESS } from '../../config/email-address.js';
import { completeReset, requestReset, resetOffered, RESET_LINK_FRAGMENT, RESET_LINK_MINUTES } from '../../contract/password-reset.js';
import { answerOf } from '../../contract/route.js';
import * as M from '../../texts/server.js';
import { actorFields, type AuditTrail } from '../audit/index.js';
import { apiError } from '../http/api-error.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { clientAddress, rateKey } from '../http/client-address.js';
import type { Logger } from '../log/logger.js';
import type { RateCounters } from '../rate-limits/index.js';
import { createAttemptGate, type AttemptVerdict } from './attempts.js';
import { body, fieldError } from './fields.js';
import { accountActor, refuse } from './guard.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { sessionChannel } from './sessions.js';
import type { Account, AccountStore } from './store.js';
import { tokenHash } from './tokens.js';

/**
 * Forgot password (issue 37 item 9; the shapes in src/contract/password-reset.ts). When the server
 * sends mail, anyone may ask for a link for an email; the server answers the same (202, the same
 * body) whether or not an account signs in with it, after the same work (the account looked up,
 * a token made and hashed, one call to the store, one audit record), and mails the link to the
 * account afterwards, off the answer's path. The link opens `/admin#reset-password/<token>`: the
 * token is in the fragment, which no request carries, so no access log line holds it; the store
 * keeps its SHA-256 only. A link works once, for RESET_LINK_MINUTES, and sets the password only:
 * two-step sign-in stays and is asked at the next sign-in, every session of the account ends
 * (AccountStore.update), API tokens stay. Neither the email nor the token is ever logged.
 *
 * Asking is rate limited as sign-in is (the attempt gate of attempts.ts, on counters of its own so
 * that asking for links never locks anyone out of signing in): every request takes its place per
 * address, per email and in the global cap before any work, and keeps it (each may send a mail).
 * Using a link takes a place per address and globally; a wrong or stale token keeps it.
 */

/** How many requests for a link one window takes: per client address (an IPv6 /64), per email, from everyone together. */
export const RESET_LIMITS = { perClient: 10, perAccount: 3, global: 100, windowMs: 15 * 60_000 } as const;
/** Tries of a link (a wrong or stale token counts) per address and from everyone, per window. */
export const RESET_LINK_LIMITS = { perClient: 20, global: 100, windowMs: 15 * 60_000 } as const;

const TOKEN = /^cgr_[A-Za-z0-9_-]{43}$/;

/** The email with the link, as the server's mailer sends it (the notification mail's shape). */
export interface ResetMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export interface ResetRouteOptions {
  accounts: AccountStore;
  audit: AuditTrail;
  trusted: ReadonlySet<string>;
  counters: RateCounters;
  now: () => Date;
  logger: Logger;
  /** How the link goes out; absent when the server has no mail settings (the sign-in page then says to ask an owner). */
  mail?: {
    /** PUBLIC_URL: the link opens `<publicUrl>/admin#reset-password/<token>`. */
    publicUrl: string;
    /** MAIL_FROM. */
    from: string;
    /** The clinic's name, for the subject and the text. */
    clinic: string;
    send(mail: ResetMail): Promise<void>;
  };
}

/** A new link token: `cgr_` and 32 random bytes in base64url, beyond guessing like a session's. */
const newResetToken = () => `cgr_${randomBytes(32).toString('base64url')}`;

/** The host part of Message-IDs: the sender's domain. */
const mailDomain = (from: string, publicUrl: string) => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? new URL(publicUrl).hostname;

export function passwordResetRoutes(o: ResetRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { accounts, trusted } = o;
  const nowMs = () => o.now().getTime();
  const scoped = (prefix: string): RateCounters => ({ limiter: (scope, limits) => o.counters.limiter(`${prefix}:${scope}`, limits) });
  const asking = createAttemptGate({ ...RESET_LIMITS, now: nowMs, counters: scoped('password-reset') });
  const using = createAttemptGate({ ...RESET_LINK_LIMITS, now: nowMs, counters: scoped('password-reset-link') });
  const address = (c: Context<AppEnv>) => clientAddress(c, trusted);
  const log = (c: Context<AppEnv>, action: string, actor: Actor | undefined, outcome: number, object = '') =>
    o.audit.record({ ...actorFields(actor), address: address(c), action, object, city: '', outcome });
  const tooMany = (c: Context<AppEnv>, verdict: Exclude<AttemptVerdict, { ok: true }>) =>
    apiError(c, 429, { error: M.passwordResetTooMany(Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60))) }, { 'Retry-After': String(verdict.retryAfterSeconds) });
  const linkInvalid = (c: Context<AppEnv>) => apiError(c, 410, { error: M.passwordResetLinkInvalid });

  /** Mails the link; a failure is logged without the address or the token (the person can ask again). */
  const sendLink = async (account: Account, token: string) => {
    const mail = o.mail!;
    const link = `${mail.publicUrl.replace(/\/+$/, '')}/admin#${RESET_LINK_FRAGMENT}${token}`;
    const text = M.passwordResetMail(link, mail.clinic, RESET_LINK_MINUTES);
    try {
      await mail.send({ from: mail.from, to: account.email, subject: text.title, text: text.message!, messageId: `<password-reset-${randomUUID()}@${mailDomain(mail.from, mail.publicUrl)}>` });
      o.logger.info('password_reset.mail_sent', { account: account.id });
    } catch (err) {
      // An SMTP error's text may quote the recipient: only its kind and codes are logged.
      const e = err as { name?: string; code?: string; responseCode?: number };
      o.logger.warn('password_reset.mail_failed', { account: account.id, error: e?.name ?? 'Error', code: e?.code, responseCode: e?.responseCode });
    }
  };

  app.get(resetOffered.path, (c) => c.json(answerOf(resetOffered, { success: true, byEmail: o.mail !== undefined, minutes: RESET_LINK_MINUTES })));

  app.post(requestReset.path, async (c) => {
    if (!o.mail) return apiError(c, 404, { error: M.passwordResetByEmailOff });
    // As signing in: a link is asked for and used over https, or on this machine itself.
    if (!sessionChannel(c, trusted)) return refuse(c, 403, M.signInNeedsHttps);
    const b = await body(c, requestReset.request);
    if (!b.ok) return b.response;
    const found = await accounts.byEmail(b.value.email);
    // An account that cannot sign in, or whose sign-in name is no email (`admin`), gets no link.
    const account = found && found.active && EMAIL_ADDRESS.test(found.email) ? found : undefined;
    const actor = account ? accountActor(account) : undefined;
    // Every request counts (it may send a mail): `verify` says no, so each keeps its places.
    const outcome = await asking.attempt(rateKey(address(c)), true, () => false, tokenHash(`account:${b.value.email}`));
    if (outcome !== 'wrong' && outcome !== 'right' && !outcome.ok) {
      await log(c, 'account.password_reset_requested', actor, 429, account?.id);
      return tooMany(c, outcome);
    }
    const token = newResetToken();
    const hash = tokenHash(token);
    const at = nowMs();
    if (account) await accounts.createPasswordReset({ tokenHash: hash, accountId: account.id, createdAt: at, expiresAt: at + RESET_LINK_MINUTES * 60_000 });
    // The same round trip to the store for an email of no account, so the answer comes as soon.
    else await accounts.passwordReset(hash, at);
    await log(c, 'account.password_reset_requested', actor, 202, account?.id);
    // Sent after the answer: how long the mail server takes says nothing about the email.
    if (account) setImmediate(() => void sendLink(account, token));
    return c.json(answerOf(requestReset, { success: true }), 202);
  });

  app.post(completeReset.path, async (c) => {
    if (!sessionChannel(c, trusted)) return refuse(c, 403, M.signInNeedsHttps);
    const b = await body(c, completeReset.request);
    if (!b.ok) return b.response;
    const hash = tokenHash(b.value.token);
    let account: Account | undefined;
    const outcome = await using.attempt(rateKey(address(c)), true, async () => {
      if (!TOKEN.test(b.value.token)) return false;
      const reset = await accounts.passwordReset(hash, nowMs());
      const a = reset && (await accounts.byId(reset.accountId));
      account = a && a.active ? a : undefined;
      return account !== undefined;
    });
    if (outcome !== 'wrong' && outcome !== 'right' && !outcome.ok) {
      await log(c, 'account.password_reset_failed', undefined, 429);
      return tooMany(c, outcome);
    }
    if (outcome === 'wrong' || !account) {
      await log(c, 'account.password_reset_failed', undefined, 410);
      return linkInvalid(c);
    }
    const problem = passwordProblem(b.value.password, { email: account.email, name: account.name });
    if (problem) return fieldError(c, 'password', problem);
    const passwordHash = await hashPassword(b.value.password);
    // Taken only now, once the password is fit to keep: a link used twice at once changes it once.
    if ((await accounts.usePasswordReset(hash, nowMs())) !== account.id) {
      await log(c, 'account.password_reset_failed', accountActor(account), 410, account.id);
      return linkInvalid(c);
    }
    // The password only: the second factor stays; update() ends every session of the account; API
    // tokens stay. A password the person chose is no one-time password an owner set.
    await accounts.update(account.id, { passwordHash, passwordChange: false });
    await log(c, 'account.password_reset', accountActor(account), 200, account.id);
    return c.json(answerOf(completeReset, { success: true }));
  });

  return app;
}
