import { Hono } from 'hono';
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
    if (!origin.ok) return c.json({ success: false, errors: { _form: 'Messages from this site are not accepted here' } }, 403);
    if (origin.corsOrigin) for (const [k, v] of Object.entries(corsHeaders(origin.corsOrigin))) c.header(k, v);

    const kind = bodyKind(c.req.header('content-type'));
    if (!kind) {
      return c.json({ success: false, errors: { _form: 'Send the message as application/json or as a form post' } }, 415);
    }
    const limit = d.limiter.hit(rateKey(clientAddress(c, d.policy.trusted)));
    if (!limit.ok) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return reply(c, kind, { ok: false, status: 429, errors: { _form: 'Too many messages in a short time. Please wait a minute or call us directly.' } }, d.renderFormPage);
    }
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      return reply(c, kind, { ok: false, status: 400, errors: { _form: 'Idempotency-Key must be 8-128 letters, digits or _.:-' } }, d.renderFormPage);
    }

    const body = await readBody(c.req.raw, d.maxBodyBytes);
    if (!body.ok) {
      const message = body.status === 413 ? `The message is too long (at most ${d.maxBodyBytes / 1024} KB)` : `Bad request: ${body.reason}`;
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
      return reply(c, kind, { ok: false, status: 503, errors: { _form: 'The message could not be saved. Please try again or call us directly.' } }, d.renderFormPage);
    }
  });

  return app;
}
