import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { contactTexts } from '../../config/contact.js';
import { LANGUAGE_INFO, type Lang } from '../../config/languages.js';
import { renderFormPostPage, type FormPostResult } from '../../pages/form-post-page.js';
import { telHref } from '../../pages/page-model.js';
import { buildDay } from '../../site/pipeline.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import type { Evidence, Filing } from './attribution.js';
import type { KnownSite } from './site-directory.js';
import { answerLanguage, sitePages } from './site-pages.js';

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
  /** The language of the page that posted (issue 40: its form's `language` field); absent, English. */
  lang?: Lang;
}

/**
 * The clinic server's own confirmation page of a city (GET), on the listener that took the post;
 * `?lang=es` for a Spanish page's post (the page's language, never anything the patient wrote).
 */
const confirmationPath = (slug: string, lang: Lang) => `/api/contact/sent/${slug}${lang === 'en' ? '' : `?lang=${lang}`}`;

/**
 * Where a successful no-JavaScript post lands: the confirmation page beside the form the patient
 * used (`contact/sent/`, or `es/contacto/enviado/` for a Spanish page's) when the post came from one
 * of the city's known addresses, else the clinic server's own confirmation page of that same city,
 * in the page's language. Never another city's, never an address taken from the request unchecked,
 * never anything the patient wrote.
 */
function confirmationUrl(t: Pick<FormTarget, 'evidence' | 'filing' | 'lang'>): string {
  const lang = answerLanguage(t.lang ?? 'en', t.filing.known);
  if (!t.filing.registered) return confirmationPath(t.filing.site, lang);
  return `${t.evidence.origin}${t.filing.base}${inLanguageFolder(t.filing, lang) ? sitePages(lang).sent.slice(LANGUAGE_INFO[lang].root.length - 1) : sitePages(lang).sent}`;
}

/**
 * A Spanish form in a folder of its own Spanish pages (a location on a brand site:
 * `/es/ubicaciones/fl/tampa/contacto/`, whose form names its page `contacto/`), where the
 * confirmation is `contacto/enviado/` in that folder, not `es/contacto/enviado/`.
 */
function inLanguageFolder(filing: Pick<Filing, 'page'>, lang: Lang): boolean {
  const root = LANGUAGE_INFO[lang].root.slice(1);
  return lang !== 'en' && filing.page !== '' && !filing.page.startsWith('/') && !filing.page.startsWith(root);
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
 * plain page. In the language of the page that posted (`t.lang`), where the site publishes it.
 */
export function cityPage(result: FormPostResult, known: KnownSite | undefined, t: Pick<FormTarget, 'evidence' | 'filing' | 'hosted' | 'renderHome' | 'now' | 'lang'>): string {
  const lang = answerLanguage(t.lang ?? 'en', known);
  const siteUrl = t.filing.registered ? `${t.evidence.origin}${t.filing.base}` : siteHome(known);
  if (known?.home && !t.hosted && (!t.filing.registered || t.filing.base === '/')) return t.renderHome(result, lang);
  // The shared stylesheet is every site's: the home clinic's site serves it at /assets/ on the
  // admin's listener; on the sites listener a deployment serves it under its folder.
  const assets = t.hosted ? (known?.deployed ? `/sites/${known.slug}/` : undefined) : '/';
  if (inLanguageFolder(t.filing, lang)) {
    // Its pages are the brand site's placed ones, which this answer cannot draw: a plain page with the errors and the way back to the form.
    return plainFormPage(result, `${siteUrl}${sitePages(lang).contact.slice(LANGUAGE_INFO[lang].root.length - 1)}`, known, lang);
  }
  if (known?.config && assets) {
    // The city's day, in its time zone: the page lists the special hours ahead as its contact page does.
    const day = buildDay(known.config, (t.now ?? (() => new Date()))());
    return renderFormPostPage(known.config, result, { site: siteUrl, assets }, day.ok ? day.day : undefined, lang);
  }
  return plainFormPage(result, `${siteUrl}${sitePages(lang).contact}`, known, lang);
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
 * phone, the city's name and number when it is known, and a link back; in `lang`.
 */
function plainFormPage(result: FormPostResult, back?: string, known?: KnownSite, lang: Lang = 'en'): string {
  const M = contactTexts(lang);
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
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${sitePages(lang).contactName}</title><style>body{font:1rem/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;max-width:40rem}h1{font-size:1.375rem;margin:0 0 .75rem}ul{padding-left:1.25rem}a{color:#1d4ed8}</style></head><body><main><div role="${result.ok ? 'status' : 'alert'}">${body}</div>${who}${link}</main></body></html>`;
}

/** The home clinic's page when the site's own form-post page is not wired in (tests, bare createApp). */
export const fallbackFormPage: FormPageRenderer = (result, lang = 'en') => plainFormPage(result, `/${sitePages(lang).contact}`, undefined, lang);

export type { FormPostResult };

/** Renders the page answering a no-JavaScript form post (src/pages/form-post-page.tsx in production), in `lang` (absent, English). */
export type FormPageRenderer = (result: FormPostResult, lang?: Lang) => string;
