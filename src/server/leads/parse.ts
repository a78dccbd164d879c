import { contactSchemaFor, contactTexts, fieldErrors, HONEYPOT_FIELD, type ContactMessage } from '../../config/contact.js';
import type { Lang } from '../../config/languages.js';

/**
 * Turns a contact body (JSON or a urlencoded form) into a validated message, as a value: the
 * route decides how to answer. The one schema of src/config/contact.ts does the validation.
 */
export type BodyKind = 'json' | 'form';

/**
 * Each outcome says the language of the page that posted (`lang`, issue 40): a Spanish page's form
 * sends `language=es`, and its errors and answers are then Spanish. Absent or not a language, English.
 */
export type ParseOutcome =
  | { kind: 'valid'; message: ContactMessage; lang: Lang }
  /** The honeypot was filled; `values` as echoed, for the site it claims (it is answered as a person would be). */
  | { kind: 'bot'; values: Record<string, string>; lang: Lang }
  | { kind: 'invalid'; errors: Record<string, string>; values: Record<string, string>; lang: Lang };

/** 'json', 'form', or undefined for a content type we do not take (-> 415). */
export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

/** Parses and validates `text` of the given kind. */
export function parseContact(kind: BodyKind, text: string): ParseOutcome {
  let data: unknown;
  if (kind === 'json') {
    try {
      // JSON.parse makes "__proto__" an ordinary own key (no prototype change); the strict
      // schema then refuses it like any unknown field.
      data = JSON.parse(text);
    } catch {
      return { kind: 'invalid', errors: { _form: 'Malformed JSON' }, values: {}, lang: 'en' };
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { kind: 'invalid', errors: { _form: 'Expected a JSON object with the contact fields' }, values: {}, lang: 'en' };
    }
  } else {
    data = formFields(text);
  }
  // NUL means nothing in text a person wrote, and PostgreSQL cannot store it in a text column:
  // dropped here, so a message reads and stores the same on either store.
  const fields = Object.fromEntries(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('\u0000', '') : v]));
  const values = echoValues(fields);
  // The page's language, read before validation so a Spanish form's errors are Spanish; an
  // unknown value is English, and the schema then names the field.
  const lang: Lang = fields.language === 'es' ? 'es' : 'en';
  if (Object.hasOwn(fields, HONEYPOT_FIELD)) {
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== '' && trap !== undefined && trap !== null) return { kind: 'bot', values, lang };
    delete fields[HONEYPOT_FIELD];
  }
  const parsed = contactSchemaFor(lang).safeParse(fields);
  if (parsed.success) return { kind: 'valid', message: parsed.data, lang };
  return { kind: 'invalid', errors: errorsOf(parsed.error, lang), values, lang };
}

/** Form fields into a null-prototype record; a repeated field keeps its first value. */
function formFields(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of new URLSearchParams(text)) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}

/** The submitted text fields, to put back into the form after an error (no-JS post). */
function echoValues(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  // site and page are not shown again: they say which city's page answers (decision 010).
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'service', 'message', 'site', 'page']) {
    const v = fields[key];
    if (typeof v === 'string') out[key] = v.slice(0, 10_000);
  }
  return out;
}

/**
 * fieldErrors, plus unknown keys it cannot record on a plain object (`__proto__`, `constructor`
 * read through to Object.prototype there), so the 400 names every field at fault.
 */
function errorsOf(error: Parameters<typeof fieldErrors>[0], lang: Lang): Record<string, string> {
  const base = fieldErrors(error, lang);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) define(out, k, v);
  for (const issue of error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const k of issue.keys) if (!Object.hasOwn(out, k)) define(out, k, contactTexts(lang).fieldUnknown.title);
  }
  if (Object.keys(out).length === 0) define(out, '_form', lang === 'en' ? 'Invalid message' : contactTexts(lang).contactInvalid.title);
  return out;
}

function define(target: Record<string, string>, key: string, value: string) {
  // defineProperty, not assignment: `target.__proto__ = x` would not create a key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
