import { Hono } from 'hono';
import * as M from '../../messages/contact.js';
import { requestMalformed } from '../../messages/server.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import { clientAddress, rateKey } from '../http/client.js';
import { readBody } from '../http/read-body.js';
import { errorFields, type Logger } from '../logger.js';
import type { MessageStore } from '../store/types.js';
import type { AppEnv, FormPageRenderer } from '../types.js';
import { checkOrigin, corsHeaders, preflight, type OriginPolicy } from '../http/origin.js';
import { bodyKind, parseContact } from './parse.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { reply } from './reply.js';

export interface ContactDeps {
  store: MessageStore;
  now: () => Date;
  limiter: RateLimiter;
  policy: OriginPolicy;
  maxBodyBytes: number;
  renderFormPage: FormPageRenderer;
  logger: Logger;
  onMessageStored?: () => void;
}

// A client-chosen key that makes retries safe: the same key never stores a second message.
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** POST /api/contact and its CORS preflight: the one public write of the server. */
export function contactRoutes(d: ContactDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.options('/api/contact', (c) => preflight(c, d.policy));

  app.post('/api/contact', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Origin');
    const origin = checkOrigin(c, d.policy);
    if (!origin.ok) return apiError(c, 403, fieldFailure({ _form: M.contactOriginRefused.title }));
    if (origin.corsOrigin) for (const [k, v] of Object.entries(corsHeaders(origin.corsOrigin))) c.header(k, v);

    const kind = bodyKind(c.req.header('content-type'));
    if (!kind) {
      return apiError(c, 415, fieldFailure({ _form: M.contactBodyType.title }));
    }
    const limit = d.limiter.hit(rateKey(clientAddress(c, d.policy.trusted)));
    if (!limit.ok) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return reply(c, kind, { ok: false, status: 429, errors: { _form: M.contactTooMany.title } }, d.renderFormPage);
    }
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      return reply(c, kind, { ok: false, status: 400, errors: { _form: M.idempotencyKeyInvalid.title } }, d.renderFormPage);
    }

    const body = await readBody(c.req.raw, d.maxBodyBytes);
    if (!body.ok) {
      const message = (body.status === 413 ? M.contactTooLong(`${d.maxBodyBytes / 1024} KB`) : requestMalformed(body.reason)).title;
      return reply(c, kind, { ok: false, status: body.status, errors: { _form: message } }, d.renderFormPage);
    }
    const parsed = parseContact(kind, body.text);
    // A filled honeypot is a bot: it gets the answer a person gets, so it learns nothing.
    if (parsed.kind === 'bot') return reply(c, kind, { ok: true, id: crypto.randomUUID() }, d.renderFormPage);
    if (parsed.kind === 'invalid') {
      return reply(c, kind, { ok: false, status: 400, errors: parsed.errors, values: parsed.values }, d.renderFormPage);
    }

    try {
      const saved = await d.store.add({ ...parsed.message, site: origin.site, receivedAt: d.now().toISOString() }, key);
      if (!saved.duplicate) d.onMessageStored?.();
      return reply(c, kind, { ok: true, id: saved.id }, d.renderFormPage);
    } catch (err) {
      // Never tell the visitor "sent" unless it is on disk; no message data in the log line.
      d.logger.error('contact.store_failed', errorFields(err));
      return reply(c, kind, { ok: false, status: 503, errors: { _form: M.contactNotSaved.message } }, d.renderFormPage);
    }
  });

  return app;
}
