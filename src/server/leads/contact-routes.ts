import { Hono } from 'hono';
import type { Context } from 'hono';
import * as M from '../../texts/contact.js';
import { requestMalformed } from '../../texts/server.js';
import { apiError, fieldFailure, textOf } from '../http/api-error.js';
import { clientAddress, isHttps, rateKey } from '../http/client-address.js';
import { corsHeaders } from '../http/origin.js';
import type { RateLimiter } from '../rate-limits/index.js';
import { readBody } from '../http/read-body.js';
import { errorFields, type Logger } from '../logger.js';
import { isStoreBusy, RETRY_AFTER_SECONDS } from '../sqlite/busy.js';
import type { MessageStore } from './store.js';
import type { AppEnv } from '../http/app-env.js';
import type { FormPageRenderer } from './reply.js';
import { checkPostOrigin, fileMessage, type Filing } from './attribution.js';
import { bodyKind, parseContact } from './parse.js';
import { formReply, jsonReply, plainFormPage, type ContactOutcome } from './reply.js';
import type { SiteDirectory } from './site-directory.js';

export interface ContactDeps {
  store: MessageStore;
  now: () => Date;
  limiter: RateLimiter;
  /** The sites this server knows and the origins allowed to post for them (site-directory.ts). */
  directory: SiteDirectory;
  /** Proxy addresses whose X-Forwarded-For / -Proto are believed. */
  trusted: ReadonlySet<string>;
  /** Host names that are this server besides the Host header (PUBLIC_URL's). */
  extraHosts: readonly string[];
  /** True on the listener of deployed sites (the sites origin): a same-host post comes from one of them. */
  hosted?: boolean;
  maxBodyBytes: number;
  /** The home clinic's contact page for a failed no-JavaScript post. */
  renderFormPage: FormPageRenderer;
  logger: Logger;
  onMessageStored?: () => void;
}

// A client-chosen key that makes retries safe: the same key never stores a second message.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** POST /api/contact and its CORS preflight: the one public write of the server. */
export function contactRoutes(d: ContactDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const hosted = d.hosted ?? false;
  const check = (c: Context<AppEnv>) =>
    checkPostOrigin(d.directory, {
      origin: c.req.header('origin'),
      host: c.req.header('host'),
      referer: c.req.header('referer'),
      selfOrigin: `${isHttps(c, d.trusted) ? 'https' : 'http'}://${c.req.header('host') ?? 'unknown-host'}`.slice(0, 300),
      extraHosts: d.extraHosts,
      hosted,
    });

  app.options('/api/contact', async (c) => {
    const verdict = await check(c);
    // Only a cross-origin site of ours gets a preflight answer; everyone else a bare 403.
    if (!verdict.ok || !verdict.cors) return c.body(null, 403, { Vary: 'Origin' });
    return c.body(null, 204, {
      ...corsHeaders(verdict.origin),
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
      'Access-Control-Max-Age': '600',
    });
  });

  app.post('/api/contact', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    const kind = bodyKind(c.req.header('content-type'));
    const verdict = await check(c);
    if (!verdict.ok) {
      // Stored nowhere. A visitor without script sees a page, not JSON.
      if (kind === 'form') return c.html(plainFormPage({ ok: false, values: {}, errors: { _form: M.contactOriginRefused.title } }), 403);
      return apiError(c, 403, fieldFailure({ _form: M.contactOriginRefused.title }));
    }
    if (verdict.cors) for (const [k, v] of Object.entries(corsHeaders(verdict.origin))) c.header(k, v);
    if (!kind) return apiError(c, 415, fieldFailure({ _form: M.contactBodyType.title }));

    let claim: { site?: string; page?: string } = {};
    const answer = async (outcome: ContactOutcome, filed?: Filing) => {
      if (kind === 'json') return jsonReply(c, outcome);
      const referer = c.req.header('referer');
      const filing = filed ?? (await fileMessage(d.directory, verdict, claim, referer));
      return formReply(c, outcome, { check: verdict, filing, hosted, referer, renderHome: d.renderFormPage });
    };
    const fail = (status: Extract<ContactOutcome, { ok: false }>['status'], text: string) => answer({ ok: false, status, errors: { _form: text } });

    let limit: Awaited<ReturnType<RateLimiter['hit']>>;
    try {
      limit = await d.limiter.hit(rateKey(clientAddress(c, d.trusted)));
    } catch (err) {
      // The counts live in a database that does not answer (PostgreSQL restarting): nothing can be
      // stored either, so the visitor is told to try again rather than let through uncounted.
      if (!isStoreBusy(err)) throw err;
      d.logger.warn('contact.store_unavailable', errorFields(err));
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return fail(503, M.contactNotSaved.message);
    }
    if (!limit.ok) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return fail(429, M.contactTooMany.title);
    }
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) return fail(400, M.idempotencyKeyInvalid.title);
    const body = await readBody(c.req.raw, d.maxBodyBytes, c.env?.incoming);
    if (!body.ok) return fail(body.status, (body.status === 413 ? M.contactTooLong(`${d.maxBodyBytes / 1024} KB`) : requestMalformed(body.reason)).title);

    const parsed = parseContact(kind, body.text);
    // A filled honeypot is a bot: it gets the answer a person gets, so it learns nothing.
    if (parsed.kind === 'bot') return answer({ ok: true, id: crypto.randomUUID() });
    if (parsed.kind === 'invalid') {
      claim = { site: parsed.values.site, page: parsed.values.page };
      return answer({ ok: false, status: 400, errors: parsed.errors, values: parsed.values });
    }
    const { site: claimedSite, page: claimedPage, ...fields } = parsed.message;
    claim = { site: claimedSite, page: claimedPage };
    try {
      const filing = await fileMessage(d.directory, verdict, claim, c.req.header('referer'));
      const saved = await d.store.add({ ...fields, site: filing.site, city: filing.city, page: filing.page, origin: verdict.origin, receivedAt: d.now().toISOString() }, key);
      // Only a script sends the header (the site's form island, an API client; a native form cannot), so this answer is JSON.
      if ('conflict' in saved) return apiError(c, 422, fieldFailure({ 'Idempotency-Key': textOf(M.idempotencyKeyReused) }));
      if (!saved.duplicate) d.onMessageStored?.();
      return answer({ ok: true, id: saved.id }, filing);
    } catch (err) {
      // Never tell the visitor "sent" unless it is on disk; no message data in the log line.
      d.logger.error('contact.store_failed', errorFields(err));
      // Locked by another process (sqlite/busy.ts): nothing was stored, a later send may work.
      if (isStoreBusy(err)) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return fail(503, M.contactNotSaved.message);
    }
  });
  return app;
}
