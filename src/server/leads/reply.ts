import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as M from '../../texts/contact.js';
import { renderFormPostPage, type FormPostResult } from '../../pages/form-post-page.js';
import { telHref } from '../../pages/page-model.js';
import { buildDay } from '../../site/pipeline.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import type { Evidence, Filing } from './attribution.js';
import type { KnownSite } from './site-directory.js';

/**
 * One outcome, two audiences: the form island (and any API client) posts JSON and reads JSON; the
 * no-JavaScript form post gets a navigation: a 303 to its city's confirmation page on success
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
  evidence: Evidence;
  filing: Filing;
  /** This listener serves the deployed sites under /sites/<slug>/ (their assets are there). */
  hosted: boolean;
  /** The home clinic's contact page, served from this server's root. */
  renderHome: FormPageRenderer;
  /** The clock the city's day is read from (its special hours ahead: site/pipeline.ts, buildDay). */
  now?: () => Date;
}

/** The clinic server's own confirmation page of a city (GET), on the listener that took the post. */
const confirmationPath = (slug: string) => `/api/contact/sent/${slug}`;

/**
 * Where a successful no-JavaScript post lands: the `contact/sent/` page beside the form the patient
 * used when the post came from one of the city's known addresses, else the clinic server's own
 * confirmation page of that same city. Never another city's, never an address taken from the
 * request unchecked.
 */
function confirmationUrl(t: Pick<FormTarget, 'evidence' | 'filing'>): string {
  return t.filing.registered ? `${t.evidence.origin}${t.filing.base}contact/sent/` : confirmationPath(t.filing.site);
}

/** Answers a native form post: 303 to its confirmation page, or the city's contact page with the errors. */
export function formReply(c: Context<AppEnv>, outcome: ContactOutcome, t: FormTarget): Response {
  if (outcome.ok) return c.redirect(confirmationUrl(t), 303);
  const result: FormPostResult = { ok: false, values: outcome.values ?? {}, errors: outcome.errors };
  return c.html(cityPage(result, t.filing.known, t), outcome.status);
}

/**
 * A city's contact page answering a post: its branding, phone number and form (with the hidden
 * fields, so a second try files where the first would have), its links pointing at the city's pages
 * where they are known, its stylesheet from this listener. A site this server cannot render gets a
 * plain page.
 */
export function cityPage(result: FormPostResult, known: KnownSite | undefined, t: Pick<FormTarget, 'evidence' | 'filing' | 'hosted' | 'renderHome' | 'now'>): string {
  const siteUrl = t.filing.registered ? `${t.evidence.origin}${t.filing.base}` : siteHome(known);
  if (known?.home && !t.hosted && (!t.filing.registered || t.filing.base === '/')) return t.renderHome(result);
  // The shared stylesheet is every site's: the home clinic's site serves it at /assets/ on the
  // admin's listener; on the sites listener a deployment serves it under its folder.
  const assets = t.hosted ? (known?.deployed ? `/sites/${known.slug}/` : undefined) : '/';
  if (known?.config && assets) {
    // The city's day, in its time zone: the page lists the special hours ahead as its contact page does.
    const day = buildDay(known.config, (t.now ?? (() => new Date()))());
    return renderFormPostPage(known.config, result, { site: siteUrl, assets }, day.ok ? day.day : undefined);
  }
  return plainFormPage(result, `${siteUrl}contact/`, known);
}

/** A city's own address for links: its domain, else its website, else this server's root. */
function siteHome(known: KnownSite | undefined): string {
  const config = known?.config;
  if (config?.domainName) return `https://${config.domainName}/`;
  if (config?.website) {
    try {
      const u = new URL(config.website);
      return `${u.origin}${u.pathname.endsWith('/') ? u.pathname : `${u.pathname}/`}`;
    } catch {
      // the schema checked it; fall through
    }
  }
  return '/';
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * A plain page for a site this server cannot render (not known here, or known without its config,
 * or not served by this listener): the outcome first, short enough to read without scrolling on a
 * phone, the city's name and number when it is known, and a link back.
 */
function plainFormPage(result: FormPostResult, back?: string, known?: KnownSite): string {
  const body = result.ok
    ? `<h1>${M.contactSent.title}</h1><p>${M.contactSent.message}</p>`
    : `<h1>${M.contactFailed.title}</h1><ul>${Object.entries(result.errors)
        .map(([field, msg]) => `<li>${field === '_form' ? '' : `${escapeHtml(field)}: `}${escapeHtml(msg)}</li>`)
        .join('')}</ul><p>${M.contactFailed.message}</p>`;
  const config = known?.config;
  const who = config
    ? `<p>${escapeHtml(config.businessName)}, ${escapeHtml(config.city)}: <a href="${telHref(config.phone)}">${escapeHtml(config.phone)}</a></p>`
    : '';
  const link = back && /^(https?:\/\/|\/)/.test(back) ? `<p><a href="${escapeHtml(back)}">${M.backToContact.title}</a></p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Contact</title><style>body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;max-width:40rem}h1{font-size:1.375rem;margin:0 0 .75rem}ul{padding-left:1.25rem}a{color:#1d4ed8}</style></head><body><main><div role="${result.ok ? 'status' : 'alert'}">${body}</div>${who}${link}</main></body></html>`;
}

/** The home clinic's page when the site's own form-post page is not wired in (tests, bare createApp). */
export const fallbackFormPage: FormPageRenderer = (result) => plainFormPage(result, '/contact/');

export type { FormPostResult };

/** Renders the page answering a no-JavaScript form post (src/pages/form-post-page.tsx in production). */
export type FormPageRenderer = (result: FormPostResult) => string;
