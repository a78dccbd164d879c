import { Hono } from 'hono';
import { contactTexts } from '../../config/contact.js';
import type { Lang } from '../../config/languages.js';
import * as EN from '../../texts/contact.js';
import { requestMalformed } from '../../texts/server.js';
import { apiError, fieldFailure, textOf } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { clientAddress, isHttps, rateKey } from '../http/client-address.js';
import { isSameHost } from '../http/origin.js';
import { readBody } from '../http/read-body.js';
import { errorFields, type Logger } from '../log/logger.js';
import type { RateLimiter, RateVerdict } from '../rate-limits/index.js';
import { isStoreBusy, RETRY_AFTER_SECONDS } from '../sqlite/busy.js';
import { fileMessage, postEvidence, type Evidence, type Filing } from './attribution.js';
import { bodyKind, parseContact } from './parse.js';
import type { RefusalLog, RefusalReason } from './refusals.js';
import { cityPage, formReply, jsonReply, type ContactOutcome, type FormPageRenderer } from './reply.js';
import type { SiteDirectory } from './site-directory.js';
import type { MessageStore } from './store.js';

export interface ContactDeps {
  store: MessageStore;
  now: () => Date;
  /** Messages stored per client and minute (CONTACT_RATE_LIMIT): only a stored message counts. */
  limiter: RateLimiter;
  /** Failed posts per client and minute (several times the rate limit): a typo costs no patient a message. */
  failedLimiter: RateLimiter;
  /** Where refused posts are counted and logged (refusals.ts). */
  refusals: RefusalLog;
  /** The sites this server knows and their addresses (site-directory.ts). */
  directory: SiteDirectory;
  /** Proxy addresses whose X-Forwarded-For / -Proto are believed. */
  trusted: ReadonlySet<string>;
  /** Host names that are this server besides the Host header (PUBLIC_URL's). */
  extraHosts: readonly string[];
  /** True on the listener of deployed sites (the sites origin). */
  hosted?: boolean;
  maxBodyBytes: number;
  /** The home clinic's contact page for a no-JavaScript post. */
  renderFormPage: FormPageRenderer;
  logger: Logger;
  /** Called after a message is stored: the city it was filed under ('' for none known) and its id. */
  onMessageStored?: (city: string, id: string) => void;
}

// A client-chosen key that makes retries safe: the same key never stores a second message.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * A form backend any site may post to, wherever it is hosted (docs/decisions/010-leads-by-city.md):
 * any origin's browser may read the answer, never with credentials. What keeps abuse out is the
 * honeypot, the rate limits and the size limits, not the Origin.
 */
const CORS = { 'Access-Control-Allow-Origin': '*' } as const;
const PREFLIGHT = {
  ...CORS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
  'Access-Control-Max-Age': '86400',
} as const;

/** POST /api/contact, its CORS preflight, and a city's confirmation page: the one public write of the server. */
export function contactRoutes(d: ContactDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const hosted = d.hosted ?? false;

  app.options('/api/contact', (c) => c.body(null, 204, PREFLIGHT));

  // Where a no-script post from an address the city is not known by lands: the city's own page,
  // in the language of the page that posted (`?lang=es`: the page's, never the patient's words).
  app.on(['GET', 'HEAD'], '/api/contact/sent/:slug', async (c) => {
    const slug = c.req.param('slug');
    const known = await d.directory.site(slug);
    const lang: Lang = c.req.query('lang') === 'es' ? 'es' : 'en';
    const evidence: Evidence = { origin: '', browser: false, referer: '' };
    const filing: Filing = { site: slug, city: known?.city ?? '', known, page: 'contact/', registered: false, base: '/' };
    const html = cityPage({ ok: true }, known, { evidence, filing, hosted, renderHome: d.renderFormPage, now: d.now, lang });
    return c.html(html, 200, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  });

  app.post('/api/contact', async (c) => {
    c.header('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(CORS)) c.header(k, v);
    const evidence = postEvidence({
      origin: c.req.header('origin'),
      referer: c.req.header('referer'),
      selfOrigin: `${isHttps(c, d.trusted) ? 'https' : 'http'}://${c.req.header('host') ?? 'unknown-host'}`,
    });
    const sameHost = evidence.browser && isSameHost(evidence.origin, c.req.header('host'), d.extraHosts);
    const client = rateKey(clientAddress(c, d.trusted));
    const kind = bodyKind(c.req.header('content-type'));

    let claim: { site?: string; page?: string } = {};
    let filing: Filing | undefined;
    // The language of the page that posted, once its body is read (issue 40): its answers are in it.
    let lang: Lang = 'en';
    let M = EN;
    const file = async () => (filing ??= await fileMessage(d.directory, { evidence, sameHost, hosted }, claim));
    const answer = async (outcome: ContactOutcome): Promise<Response> => {
      if (kind !== 'form') return jsonReply(c, outcome);
      return formReply(c, outcome, { evidence, filing: await file(), hosted, renderHome: d.renderFormPage, now: d.now, lang });
    };
    /**
     * Counted and logged, never with what the visitor typed; a failure counts toward the client's
     * failure cap. The answer is `outcome` (a bot's is a person's success, so it learns nothing).
     */
    const refuse = async (reason: RefusalReason, outcome: ContactOutcome, failure: boolean) => {
      d.refusals.note(reason, evidence.origin, client);
      if (failure) await d.failedLimiter.hit(client);
      return answer(outcome);
    };
    const formError = (status: Extract<ContactOutcome, { ok: false }>['status'], text: string): Extract<ContactOutcome, { ok: false }> => ({ ok: false, status, errors: { _form: text } });

    try {
      if (!kind) return await refuse('malformed', formError(415, M.contactBodyType.title), true);
      const key = c.req.header('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) return await refuse('malformed', formError(400, M.idempotencyKeyInvalid.title), true);
      const body = await readBody(c.req.raw, d.maxBodyBytes, c.env?.incoming);
      if (!body.ok) {
        const text = (body.status === 413 ? M.contactTooLong(`${d.maxBodyBytes / 1024} KB`) : requestMalformed(body.reason)).title;
        return await refuse(body.status === 413 ? 'size' : 'malformed', formError(body.status, text), true);
      }
      const parsed = parseContact(kind, body.text);
      lang = parsed.lang;
      M = contactTexts(lang);
      claim = parsed.kind === 'valid' ? { site: parsed.message.site, page: parsed.message.page } : { site: parsed.values.site, page: parsed.values.page };

      // Only what was stored counts against the rate limit; failures have a cap of their own, so a
      // patient who mistyped an email four times still gets the fifth, correct message through.
      const [stored, failed] = await Promise.all([d.limiter.peek(client), d.failedLimiter.peek(client)]);
      const limited = (v: RateVerdict) => !v.ok;
      if (limited(stored) || limited(failed)) {
        const verdict = (limited(stored) ? stored : failed) as Extract<RateVerdict, { ok: false }>;
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        const phone = (await file()).known?.config?.phone;
        return await refuse(limited(stored) ? 'rate_limit' : 'failed_limit', formError(429, (phone ? M.contactTooManyCall(phone) : M.contactTooMany).title), false);
      }
      // A filled honeypot is a bot: it gets the answer a person gets, so it learns nothing.
      if (parsed.kind === 'bot') return await refuse('honeypot', { ok: true, id: crypto.randomUUID() }, true);
      if (parsed.kind === 'invalid') return await refuse('validation', { ok: false, status: 400, errors: parsed.errors, values: parsed.values }, true);

      const { site: _claimedSite, page: _claimedPage, language: _language, ...fields } = parsed.message;
      const f = await file();
      const saved = await d.store.add(
        { ...fields, site: f.site, city: f.city, page: f.page, language: lang, origin: evidence.origin, referer: evidence.referer, registered: f.registered, receivedAt: d.now().toISOString() },
        key,
      );
      // Only a script sends the header (the site's form island, an API client; a native form cannot), so this answer is JSON.
      if ('conflict' in saved) {
        d.refusals.note('conflict', evidence.origin, client);
        return apiError(c, 422, fieldFailure({ 'Idempotency-Key': textOf(M.idempotencyKeyReused) }));
      }
      if (!saved.duplicate) {
        await d.limiter.hit(client);
        // The city filed under, never a slug the form claimed for a city this server does not
        // know: anyone posting chooses that (it would be a new metric label each time).
        d.onMessageStored?.(f.known ? f.site : '', saved.id);
      }
      return await answer({ ok: true, id: saved.id });
    } catch (err) {
      // Never tell the visitor "sent" unless it is on disk; no message data in the log line.
      if (!isStoreBusy(err)) d.logger.error('contact.store_failed', errorFields(err));
      else d.logger.warn('contact.store_unavailable', errorFields(err));
      // Locked by another process, or PostgreSQL restarting: nothing was stored, a later send may work.
      if (isStoreBusy(err)) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return answer(formError(503, M.contactNotSaved.message));
    }
  });
  return app;
}
