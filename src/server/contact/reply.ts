import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv, FormPageRenderer } from '../types.js';
import type { BodyKind } from './parse.js';

/**
 * One outcome, two audiences: the form island (and any API client) posts JSON and reads JSON; the
 * no-JavaScript form post gets a whole page, the confirmation or the form again with its errors.
 */
export type ContactOutcome =
  | { ok: true; id: string }
  | { ok: false; status: ContentfulStatusCode; errors: Record<string, string>; values?: Record<string, string> };

/** Answers `outcome` as JSON (201 / 4xx) or as the form-post page (200 / 4xx), by how the body came. */
export function reply(c: Context<AppEnv>, kind: BodyKind, outcome: ContactOutcome, render: FormPageRenderer): Response {
  if (kind === 'json') {
    return outcome.ok
      ? c.json({ success: true, id: outcome.id }, 201)
      : apiError(c, outcome.status, fieldFailure(outcome.errors));
  }
  const html = outcome.ok ? render({ ok: true }) : render({ ok: false, values: outcome.values ?? {}, errors: outcome.errors });
  return c.html(html, outcome.ok ? 200 : outcome.status);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain page for when the site's own form-post page is not wired in (tests, bare createApp). */
export const fallbackFormPage: FormPageRenderer = (result) => {
  const body = result.ok
    ? '<h1>Message sent successfully!</h1><p>We will contact you within 24 hours.</p>'
    : `<h1>Error sending message</h1><ul>${Object.entries(result.errors)
        .map(([field, msg]) => `<li>${escapeHtml(field)}: ${escapeHtml(msg)}</li>`)
        .join('')}</ul><p>Please try again or call us directly.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body>${body}<p><a href="/contact/">Back to the contact page</a></p></body></html>`;
};
