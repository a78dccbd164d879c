import { contactMessageSchema, fieldErrors, HONEYPOT_FIELD, type ContactMessage } from '../../config/contact.js';

/**
 * Turns a contact body (JSON or a urlencoded form) into a validated message, as a value: the
 * route decides how to answer. The one schema of src/config/contact.ts does the validation.
 */
export type BodyKind = 'json' | 'form';

export type ParseOutcome =
  | { kind: 'valid'; message: ContactMessage }
  /** The honeypot was filled: a bot. Answer like success, store nothing. */
  /** The honeypot was filled; `values` as echoed, for the site it claims (it is answered as a person would be). */
  | { kind: 'bot'; values: Record<string, string> }
  | { kind: 'invalid'; errors: Record<string, string>; values: Record<string, string> };

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
      return { kind: 'invalid', errors: { _form: 'Malformed JSON' }, values: {} };
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { kind: 'invalid', errors: { _form: 'Expected a JSON object with the contact fields' }, values: {} };
    }
  } else {
    data = formFields(text);
  }
  // NUL means nothing in text a person wrote, and PostgreSQL cannot store it in a text column:
  // dropped here, so a message reads and stores the same on either store.
  const fields = Object.fromEntries(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('\u0000', '') : v]));
  const values = echoValues(fields);
  if (Object.hasOwn(fields, HONEYPOT_FIELD)) {
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== '' && trap !== undefined && trap !== null) return { kind: 'bot', values };
    delete fields[HONEYPOT_FIELD];
  }
  const parsed = contactMessageSchema.safeParse(fields);
  if (parsed.success) return { kind: 'valid', message: parsed.data };
  return { kind: 'invalid', errors: errorsOf(parsed.error), values };
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
function errorsOf(error: Parameters<typeof fieldErrors>[0]): Record<string, string> {
  const base = fieldErrors(error);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) define(out, k, v);
  for (const issue of error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const k of issue.keys) if (!Object.hasOwn(out, k)) define(out, k, 'Unknown field');
  }
  if (Object.keys(out).length === 0) define(out, '_form', 'Invalid message');
  return out;
}

function define(target: Record<string, string>, key: string, value: string) {
  // defineProperty, not assignment: `target.__proto__ = x` would not create a key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
