import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as M from '../../texts/contact.js';
import { renderFormPostPage } from '../../pages/form-post-page.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import type { Filing, OriginCheck } from './attribution.js';

/**
 * One outcome, two audiences: the form island (and any API client) posts JSON and reads JSON; the
 * no-JavaScript form post gets a navigation: a 303 to its site's confirmation page on success
 * (post-redirect-get: a reload never sends twice), or its city's contact page with the errors.
 */
export type ContactOutcome =
  | { ok: true; id: string }
  | { ok: false; status: ContentfulStatusCode; errors: Record<string, string>; values?: Record<string, string> };

/** Answers a JSON post: 201 with the id, or the API's failure shape. */
export function jsonReply(c: Context<AppEnv>, outcome: ContactOutcome): Response {
  return outcome.ok ? c.json({ success: true, id: outcome.id }, 201) : apiError(c, outcome.status, fieldFailure(outcome.errors));
}

/** Where a form post came from and which site it was filed under. */
export interface FormTarget {
  check: Extract<OriginCheck, { ok: true }>;
  filing: Filing;
  /** This listener serves the deployed sites under /sites/<slug>/ (their assets are there). */
  hosted: boolean;
  referer?: string;
  /** The home clinic's contact page, served from this server's root. */
  renderHome: FormPageRenderer;
}

/** Answers a native form post: 303 to `<origin><base>contact/sent/`, or the city's contact page with the errors. */
export function formReply(c: Context<AppEnv>, outcome: ContactOutcome, t: FormTarget): Response {
  // Without an Origin header (not a browser) the site is this server's own: relative addresses.
  const siteUrl = `${t.check.role.kind === 'none' ? '' : t.check.origin}${t.filing.base}`;
  if (outcome.ok) return c.redirect(`${siteUrl}contact/sent/`, 303);
  const result: FormPostResult = { ok: false, values: outcome.values ?? {}, errors: outcome.errors };
  const { known } = t.filing;
  let html: string;
  if (known?.home && t.filing.base === '/' && t.check.role.kind !== 'shared') html = t.renderHome(result);
  else if (known?.config) {
    html = renderFormPostPage(known.config, result, { site: siteUrl, assets: t.hosted ? `/sites/${known.slug}/` : '/' });
  } else html = plainFormPage(result, backLink(t, siteUrl));
  return c.html(html, outcome.status);
}

/** The page the visitor came from when it is on the posting origin, else the site's contact page. */
function backLink(t: FormTarget, siteUrl: string): string {
  try {
    if (t.referer && new URL(t.referer).origin === t.check.origin) return t.referer;
  } catch {
    // not a URL: fall through
  }
  return `${siteUrl}contact/`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * A plain page for a site this server cannot render (not deployed here, or deployed without its
 * config): the outcome first, short enough to read without scrolling on a phone, and a link back.
 */
export function plainFormPage(result: FormPostResult, back?: string): string {
  const body = result.ok
    ? `<h1>${M.contactSent.title}</h1><p>${M.contactSent.message}</p>`
    : `<h1>${M.contactFailed.title}</h1><ul>${Object.entries(result.errors)
        .map(([field, msg]) => `<li>${field === '_form' ? '' : `${escapeHtml(field)}: `}${escapeHtml(msg)}</li>`)
        .join('')}</ul><p>${M.contactFailed.message}</p>`;
  const link = back && /^(https?:\/\/|\/)/.test(back) ? `<p><a href="${escapeHtml(back)}">${M.backToContact.title}</a></p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Contact</title><style>body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;max-width:40rem}h1{font-size:1.375rem;margin:0 0 .75rem}ul{padding-left:1.25rem}a{color:#1d4ed8}</style></head><body><main><div role="${result.ok ? 'status' : 'alert'}">${body}</div>${link}</main></body></html>`;
}

/** The home clinic's page when the site's own form-post page is not wired in (tests, bare createApp). */
export const fallbackFormPage: FormPageRenderer = (result) => plainFormPage(result, '/contact/');

/** The no-JavaScript form post's answer: the confirmation, or the form again with its errors. */
export type FormPostResult = { ok: true } | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/** Renders the page answering a no-JavaScript form post (src/pages/form-post-page.tsx in production). */
export type FormPageRenderer = (result: FormPostResult) => string;
