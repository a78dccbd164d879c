import { contactTexts } from '../config/contact.js';
import type { Lang } from '../config/languages.js';
import type { ClinicConfig } from '../config/schema.js';
import { ContactPage, type ContactFormState } from './contact/contact-page.js';
import type { ContactField } from './contact/contact-form-view.js';
import { renderPage } from './render-site.js';
import { resolveSite } from './page-model.js';
import { siteRoutes } from './routes.js';

export type FormPostResult =
  | { ok: true }
  | { ok: false; values: Record<string, string>; errors: Record<string, string> };

const FIELDS: ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'service', 'message'];

/**
 * Where the page's links point (decision 010): `site`, the site's base URL, for its pages; `assets`,
 * for the stylesheet, script and icon, which must come from the origin serving this page (its CSP
 * allows 'self'). Both end with `/`; a site served by the clinic server at its root uses `/`.
 */
export interface FormPostLinks {
  site: string;
  assets: string;
}

/**
 * The answer to a contact form posted without JavaScript: the contact page with the spec's success
 * notice and an empty form, or the form again with what the visitor typed and each field's error.
 * Served by the clinic server at its own root, so it links from `/`. `today` (the city's date,
 * `2026-11-26`: site/pipeline.ts, buildDay) shows the special hours ahead as the contact page does;
 * without it the page lists none. `lang` (issue 40): the Spanish contact page (`/es/contacto/`) with
 * Spanish notices for a Spanish page's post; the field errors come in the language they were made in.
 */
export function renderFormPostPage(config: ClinicConfig, result: FormPostResult, links: FormPostLinks = { site: '/', assets: '/' }, today?: string, lang: Lang = 'en'): string {
  const M = contactTexts(lang);
  // The clinic's name and mark instead of its logo image: the config names the logo where the build
  // read it (/images/orlando/wordmark.png), not where a site serves it (logo.png, beside the
  // pages), and this page's CSP takes images from the origin answering the post only.
  const site = resolveSite({ ...config, logoUrl: undefined, logoLightUrl: undefined }, { ...(today ? { today } : {}), lang });
  let state: ContactFormState;
  if (result.ok) {
    state = { notice: { tone: 'success', title: M.contactSent.title, text: M.contactSent.message } };
  } else {
    const pick = (from: Record<string, string>) =>
      Object.fromEntries(FIELDS.filter((f) => Object.hasOwn(from, f)).map((f) => [f, String(from[f])])) as Partial<Record<ContactField, string>>;
    state = {
      values: pick(result.values),
      errors: pick(result.errors),
      notice: { tone: 'error', title: M.contactInvalid.title, text: result.errors._form ?? M.contactInvalid.message },
    };
  }
  const url = (t: string) => {
    const rel = t.replace(/^\//, '');
    return (/^assets\/|^favicon\.svg$/.test(rel) ? links.assets : links.site) + rel;
  };
  const contact = siteRoutes(config, lang).find((r) => r.id === 'contact')!.path;
  return renderPage(site, contact, <ContactPage state={state} />, url);
}
