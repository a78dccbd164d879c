import type { Context, MiddlewareHandler } from 'hono';
import type { Message } from '../../texts/message.js';
import * as M from '../../texts/server.js';
import { apiError, isApiPath, textOf } from '../http/api-error.js';
import { clientAddress, isHttps } from '../http/client-address.js';
import { isSameOrigin } from '../http/origin.js';
import { mutableHeaders } from '../http/security-headers.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { actorFields, type AuditTrail } from '../audit/index.js';
import { allowed, auditObject, cityOf, ruleFor } from './permissions.js';
import { expired, readSessionToken, SESSION_LIMITS, sessionChannel } from './sessions.js';
import type { Account, AccountStore, Session } from './store.js';
import { tokenHash } from './tokens.js';

/**
 * The admin's front door (docs/decisions/006-server-config.md, 017-staff-accounts.md): /admin*,
 * /sites* and every /api* call except the public contact post, its preflight and its confirmation
 * page, and except reading /sites/ (deployed sites are public; on the admin's listener that path
 * only redirects to the sites listener, docs/decisions/009-hosted-sites-origin.md). The decision
 * uses the path checked by pathGuard, lower-cased, so no spelling of a path reaches a handler
 * without passing here.
 */
export function isProtectedPath(path: string, method: string): boolean {
  const p = path.toLowerCase();
  if (p === '/api/contact' && (method === 'POST' || method === 'OPTIONS')) return false;
  // A city's confirmation page, where a form posted without script lands (leads/reply.ts).
  if (p.startsWith('/api/contact/sent/') && (method === 'GET' || method === 'HEAD')) return false;
  if ((p === '/sites' || p.startsWith('/sites/')) && (method === 'GET' || method === 'HEAD')) return false;
  return p.startsWith('/admin') || p.startsWith('/api') || p.startsWith('/sites') || p === '/metrics';
}

export interface AdminGuardOptions {
  accounts: AccountStore;
  audit: AuditTrail;
  trusted: ReadonlySet<string>;
  /** Origins (scheme://host:port) besides the request's own that count as same-origin (PUBLIC_URL's). */
  extraOrigins: readonly string[];
  now: () => number;
  /** Whether a request is the metrics scraper's (`Bearer $METRICS_TOKEN`): it may read /metrics and nothing else. */
  isScraper?: (authorization: string | undefined) => boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_TYPES = /^(application\/json|multipart\/form-data)\s*(;|$)/i;

/** A signed-in request's identity and, for a browser, its session. */
interface Who {
  actor: Actor;
  session?: Session;
  /** The account signed in with a password an owner set: it changes it before anything else. */
  passwordChange?: boolean;
}

/**
 * Middleware: who is asking (a session cookie or an API token), whether their role may make this
 * call (auth/permissions.ts), cross-site checks, the audit record of the call, and no-store for
 * every answer. Sign-in itself happens in auth/routes.ts.
 */
export function adminGuard(opts: AdminGuardOptions): MiddlewareHandler<AppEnv> {
  const { accounts, audit, trusted, now } = opts;
  return async (c, next) => {
    const path = c.get('path');
    if (!isProtectedPath(path, c.req.method)) return next();
    c.header('Cache-Control', 'no-store');
    const match = ruleFor(c.req.method, path);
    const permission = match?.rule.permission ?? 'owner';
    const authorization = c.req.header('authorization');
    if (path === '/metrics' && c.req.method === 'GET' && opts.isScraper?.(authorization)) return next();
    // The Basic release's scripts and browsers get an answer that says what changed, and no
    // WWW-Authenticate: a browser would otherwise keep offering its saved password.
    if (authorization && /^basic\b/i.test(authorization)) return refuse(c, 401, M.basicAuthRetired);

    let who: Who | undefined;
    if (authorization && /^bearer\b/i.test(authorization)) {
      who = await tokenActor(accounts, authorization, now());
      if (!who) return refuse(c, 401, M.tokenInvalid);
    } else {
      who = await sessionActor(c, opts);
    }

    // A browser's state-changing call must come from our own pages. Tokens are never sent by a
    // browser on its own, so only cookie-borne calls (and sign-in, which sets the cookie) need an
    // Origin; the body types are checked for every call.
    const crossSite = () => (UNSAFE.has(c.req.method) ? crossSiteRefusal(c, opts, who?.actor.kind !== 'token') : undefined);
    if (permission === 'public') {
      const refusal = crossSite();
      if (refusal) return refusal;
      if (who) c.set('actor', who.actor);
      return next();
    }
    if (!who) return refuse(c, 401, M.signInRequired);
    const refusal = crossSite();
    if (refusal) return refusal;
    if (who.session && who.session.stage !== 'full' && permission !== 'any-session') return refuse(c, 403, M.finishSignIn);
    // A password an owner set (Staff, clinic-gen users) is a first one: nothing answers but its
    // change, signing out and the sign-in's own steps until the person chose their own (decision 17).
    if (who.passwordChange && permission !== 'any-session' && !(c.req.method === 'PUT' && path === '/api/session/password')) return refuse(c, 403, M.passwordChangeFirst);
    c.set('actor', who.actor);

    const city = cityOf(match, c);
    const record = async (outcome: number) => {
      if (!match?.rule.action) return;
      const base = { ...actorFields(who.actor), address: clientAddress(c, trusted), action: match.rule.action, object: auditObject(c, path) };
      // A call that changed several cities (an import) writes one record for each, naming it.
      const each = c.get('auditEach');
      // Each its own committed append: between two, the event loop's turn, so that 50 of them (an
      // import's) do not hold a contact post behind 50 synced commits (issue 39 item 8).
      if (each?.length) for (const [i, e] of each.entries()) {
        if (i > 0) await new Promise((r) => setImmediate(r));
        await audit.record({ ...base, object: `${base.object} ${e.object}`.trim(), city: e.city, outcome: e.outcome ?? outcome });
      }
      else await audit.record({ ...base, city: c.get('auditCity') ?? city, outcome });
    };
    if (!allowed(who.actor, permission)) {
      await record(403);
      return refuse(c, 403, M.roleForbidden);
    }
    // Front desk works the messages of its cities only.
    // (A route whose city only its handler knows, an inbox message by id, checks it there.)
    if (permission === 'messages.read' && !match?.rule.scopedByHandler && who.actor.cities !== null && !who.actor.cities.includes(city)) {
      await record(403);
      return refuse(c, 403, M.cityForbidden);
    }
    // Best effort: a store busy for a moment must not turn away a request over its bookkeeping
    // (the next request writes it); the audit record below is never skipped so.
    if (who.session && now() - who.session.lastSeenAt >= SESSION_LIMITS.touchEveryMs) await accounts.touchSession(who.session.tokenHash, now()).catch(() => undefined);

    await next();
    await record(c.res.status);
    // A handler may choose a private cache (the content-hashed admin bundle); anything else an
    // authenticated answer carries must not be stored.
    const chosen = c.res.headers.get('Cache-Control') ?? '';
    if (!/^private\b/.test(chosen)) mutableHeaders(c).set('Cache-Control', 'no-store');
  };
}

/** The actor of an account signed in through a session. */
export function accountActor(account: Account): Actor {
  return { kind: 'session', id: account.id, label: account.email, role: account.role, cities: account.role === 'frontdesk' ? account.cities : null, accountId: account.id };
}

async function sessionActor(c: Context<AppEnv>, opts: AdminGuardOptions): Promise<Who | undefined> {
  const channel = sessionChannel(c, opts.trusted);
  const token = channel && readSessionToken(c, channel);
  if (!token) return undefined;
  const found = await opts.accounts.session(tokenHash(token));
  if (!found) return undefined;
  if (!found.account.active || expired(found.session, opts.now())) {
    await opts.accounts.deleteSession(found.session.tokenHash);
    return undefined;
  }
  return { actor: accountActor(found.account), session: found.session, passwordChange: found.account.passwordChange };
}

async function tokenActor(accounts: AccountStore, authorization: string, now: number): Promise<Who | undefined> {
  const token = /^bearer[ \t]+(cgt_[A-Za-z0-9_-]{20,})[ \t]*$/i.exec(authorization)?.[1];
  if (!token) return undefined;
  const found = await accounts.tokenByHash(tokenHash(token));
  // A token acts for the owner who made it: it stops when they are disabled or are an owner no
  // longer (else a demoted owner's script kept reading messages, and could make them owner again).
  if (!found || found.token.revokedAt !== null || !found.creatorActive || found.creatorRole !== 'owner') return undefined;
  const t = found.token;
  // Written at most once a minute, like a session's last use.
  if (!t.lastUsedAt || now - Date.parse(t.lastUsedAt) >= SESSION_LIMITS.touchEveryMs) await accounts.touchToken(t.id, new Date(now).toISOString()).catch(() => undefined);
  return { actor: { kind: 'token', id: `token:${t.id}`, label: `token ${t.name}`, role: t.role, cities: t.role === 'frontdesk' ? t.cities : null, accountId: t.createdBy } };
}

/**
 * Cookies ride along on requests a deployed page (another port of the same site) makes, so a
 * state-changing call with a cookie must name our own origin: Sec-Fetch-Site, when sent, must say
 * same-origin, and Origin must be present and match (scheme, host and port). A body must be JSON
 * or multipart: multipart is CORS-safelisted, so the JSON routes also refuse any body not labelled
 * application/json (http/read-json.ts), and the uploads only store an image.
 */
function crossSiteRefusal(c: Context<AppEnv>, opts: AdminGuardOptions, needsOrigin: boolean): Response | undefined {
  if (needsOrigin) {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin') return refuse(c, 403, M.adminCrossSite);
    const origin = c.req.header('origin');
    const self = { scheme: isHttps(c, opts.trusted) ? 'https' : 'http', host: c.req.header('host') } as const;
    if (origin === undefined || !isSameOrigin(origin, self, opts.extraOrigins)) return refuse(c, 403, M.adminCrossSite);
  }
  const type = c.req.header('content-type');
  const hasBody = type !== undefined || (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;
  if (hasBody && !BODY_TYPES.test(type ?? '')) return refuse(c, 415, M.adminBodyType);
  return undefined;
}

/** A refusal: the one API failure shape under /api, plain text for /admin and /sites. */
export function refuse(c: Context<AppEnv>, status: 401 | 403 | 415 | 429, text: Message, headers?: Record<string, string>): Response {
  return isApiPath(c.get('path')) ? apiError(c, status, { error: text }, headers) : c.text(textOf(text), status, headers);
}
