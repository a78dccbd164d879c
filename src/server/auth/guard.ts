import type { Context, MiddlewareHandler } from 'hono';
import type { Message } from '../../texts/message.js';
import * as M from '../../texts/server.js';
import { apiError, isApiPath, textOf } from '../http/api-error.js';
import { clientAddress, isHttps, isLoopback, peerAddress, rateKey } from '../http/client-address.js';
import { isSameOrigin } from '../http/origin.js';
import { mutableHeaders } from '../http/security-headers.js';
import type { AppEnv } from '../http/app-env.js';
import type { RateCounters } from '../rate-limits/index.js';
import { createAttemptGate } from './attempts.js';
import { passwordChecker } from './basic-auth.js';

/**
 * The admin's front door (docs/decisions/006-server-config.md): /admin*, /sites* and every /api*
 * call except the public contact post, its preflight and its confirmation page, and except reading /sites/ (deployed
 * sites are public; on the admin's listener that path only redirects to the sites listener,
 * docs/decisions/009-hosted-sites-origin.md). The decision
 * uses the path checked by pathGuard, lower-cased, so no spelling of a path reaches a handler
 * without passing here.
 */
export function isProtectedPath(path: string, method: string): boolean {
  const p = path.toLowerCase();
  if (p === '/api/contact' && (method === 'POST' || method === 'OPTIONS')) return false;
  // A city's confirmation page, where a form posted without script lands (leads/reply.ts).
  if (p.startsWith('/api/contact/sent/') && (method === 'GET' || method === 'HEAD')) return false;
  if ((p === '/sites' || p.startsWith('/sites/')) && (method === 'GET' || method === 'HEAD')) return false;
  return p.startsWith('/admin') || p.startsWith('/api') || p.startsWith('/sites');
}

export interface AdminGuardOptions {
  adminPassword?: string;
  trusted: ReadonlySet<string>;
  /** Origins (scheme://host:port) besides the request's own that count as same-origin (PUBLIC_URL's). */
  extraOrigins: readonly string[];
  /** Failed password attempts a minute per client, and of all clients together (auth/attempts.ts). */
  failuresPerClient: number;
  failuresGlobal: number;
  now?: () => number;
  /** Where failed attempts are counted (auth/attempts.ts); this process by default. */
  counters?: RateCounters;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_TYPES = /^(application\/json|multipart\/form-data)\s*(;|$)/i;

/** Middleware: Basic auth (or loopback-only without a password), CSRF checks and no-store for admin paths. */
export function adminGuard(opts: AdminGuardOptions): MiddlewareHandler<AppEnv> {
  const check = opts.adminPassword ? passwordChecker(opts.adminPassword) : undefined;
  // Slows down password guessing, per client and for all clients together.
  const attempts = createAttemptGate({ perClient: opts.failuresPerClient, global: opts.failuresGlobal, now: opts.now, counters: opts.counters });
  return async (c, next) => {
    if (!isProtectedPath(c.get('path'), c.req.method)) return next();
    c.header('Cache-Control', 'no-store');
    if (check) {
      const client = rateKey(clientAddress(c, opts.trusted));
      // Checked before the password, or a guesser could still tell a right guess (200) from a wrong one (429).
      const authorization = c.req.header('authorization');
      const outcome = await attempts.attempt(client, authorization !== undefined, () => check(authorization));
      if (outcome === 'wrong') return refuse(c, 401, M.adminAuthRequired, { 'WWW-Authenticate': 'Basic realm="clinic-gen admin", charset="UTF-8"' });
      if (outcome !== 'right' && !outcome.ok) {
        const text = outcome.scope === 'client' ? M.adminTooManyAttempts : M.adminLockedOut;
        return refuse(c, 429, text, { 'Retry-After': String(outcome.retryAfterSeconds) });
      }
    } else if (!isLoopback(peerAddress(c)) || c.req.header('x-forwarded-for') || c.req.header('forwarded')) {
      // Without a password the server listens on loopback only; a proxied or remote request
      // would otherwise inherit that trust, so it is turned away.
      return refuse(c, 403, M.adminLoopbackOnly);
    }
    if (UNSAFE.has(c.req.method)) {
      const refusal = crossSiteRefusal(c, opts);
      if (refusal) return refusal;
    }
    await next();
    // A handler may choose a private cache (the content-hashed admin bundle); anything else an
    // authenticated answer carries must not be stored.
    const chosen = c.res.headers.get('Cache-Control') ?? '';
    if (!/^private\b/.test(chosen)) mutableHeaders(c).set('Cache-Control', 'no-store');
  };
}

/**
 * Browsers attach Basic credentials to cross-site requests too, so a state-changing admin call must
 * come from our own pages: Sec-Fetch-Site and Origin, when sent, must say so (Origin to the scheme,
 * host and port), and a body must be JSON or multipart. Multipart is CORS-safelisted, so a
 * cross-site page can send it without a preflight: the JSON routes also refuse any body not
 * labelled application/json (http/read-json.ts), and the logo upload only stores an image.
 */
function crossSiteRefusal(c: Context<AppEnv>, opts: AdminGuardOptions): Response | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return refuse(c, 403, M.adminCrossSite);
  const origin = c.req.header('origin');
  const self = { scheme: isHttps(c, opts.trusted) ? 'https' : 'http', host: c.req.header('host') } as const;
  if (origin !== undefined && !isSameOrigin(origin, self, opts.extraOrigins)) {
    return refuse(c, 403, M.adminCrossSite);
  }
  const type = c.req.header('content-type');
  const hasBody = type !== undefined || (c.req.header('content-length') ?? '0') !== '0' || c.req.header('transfer-encoding') !== undefined;
  if (hasBody && !BODY_TYPES.test(type ?? '')) return refuse(c, 415, M.adminBodyType);
  return undefined;
}

/** A refusal: the one API failure shape under /api, plain text for /admin and /sites. */
function refuse(c: Context<AppEnv>, status: 401 | 403 | 415 | 429, text: Message, headers?: Record<string, string>): Response {
  return isApiPath(c.get('path')) ? apiError(c, status, { error: text }, headers) : c.text(textOf(text), status, headers);
}
