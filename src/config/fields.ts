import * as z from 'zod';

/**
 * Field builders for the clinic config. Every message reads "expected ..." so the YAML loader can
 * print `file:line:column field: expected ...` and the admin API can return the same words.
 */

type Issue = { input?: unknown };
const say = (expected: string) => (iss: Issue) =>
  iss.input === undefined ? `missing; expected ${expected}` : `expected ${expected}`;

/** Characters that have no business in a one-line business value (control characters, including NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed single-line text of bounded length. */
export function line(expected: string, max: number, min = 1) {
  return z
    .string({ error: say(expected) })
    .trim()
    .min(min, { error: `expected ${expected}` })
    .max(max, { error: `expected at most ${max} characters` })
    .refine((v) => !CONTROL.test(v), { error: 'expected a single line without control characters' });
}

/** Free text of bounded length (paragraphs allowed). */
export function prose(expected: string, max: number, min = 1) {
  return z
    .string({ error: say(expected) })
    .trim()
    .min(min, { error: `expected ${expected}` })
    .max(max, { error: `expected at most ${max} characters` });
}

/** An absolute http(s) URL; `javascript:`, `data:` and every other scheme are refused. */
export function httpUrl(expected = 'an http:// or https:// URL like https://example.com') {
  return z
    .string({ error: say(expected) })
    .trim()
    .max(2048, { error: 'expected a URL of at most 2048 characters' })
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: `expected ${expected}` }));
}

/**
 * An absolute https URL, like a booking page: a patient's details may be typed there, so plain
 * http is refused along with every other scheme.
 */
export function httpsUrl(expected = 'an https:// URL like https://booking.example.com') {
  return z
    .string({ error: say(expected) })
    .trim()
    .max(2048, { error: 'expected a URL of at most 2048 characters' })
    .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: `expected ${expected}` }));
}

/** A US phone number: ten digits with an optional +1, in the usual punctuations. */
export const PHONE_RE = /^(\+?1[ .-]?)?\(?[2-9]\d{2}\)?[ .-]?\d{3}[ .-]?\d{4}$/;
export function phone() {
  const expected = 'a phone number like (813) 555-0142';
  return z.string({ error: say(expected) }).trim().regex(PHONE_RE, { error: `expected ${expected}` });
}

export function email() {
  const expected = 'an email address like hello@example.com';
  return z
    .string({ error: say(expected) })
    .trim()
    .max(254, { error: 'expected an email address of at most 254 characters' })
    .pipe(z.email({ error: `expected ${expected}` }));
}

/** A bare host name such as `tampa.example.com`: no scheme, path, port or credentials. */
export function domainName() {
  const expected = 'a domain name like tampa.example.com (no https:// and no path)';
  return z
    .string({ error: say(expected) })
    .trim()
    .toLowerCase()
    .max(253, { error: `expected ${expected}` })
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: `expected ${expected}` });
}

export function hexColor() {
  const expected = 'a hex colour like #1d4ed8';
  return z
    .string({ error: say(expected) })
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: `expected ${expected}` })
    .transform((v) => normalizeHex(v));
}

function normalizeHex(v: string): string {
  const h = v.slice(1).toLowerCase();
  return h.length === 3 ? `#${[...h].map((c) => c + c).join('')}` : `#${h}`;
}

/** A social handle (`@name` or `name`) or a full https link to the profile. */
export function socialHandle(network: string) {
  const expected = `${/^[AEIOU]/.test(network) ? 'an' : 'a'} ${network} handle like @clinicname or an https:// profile link`;
  return z
    .string({ error: say(expected) })
    .trim()
    .max(200, { error: `expected ${expected}` })
    .refine((v) => /^@?[A-Za-z0-9._-]{1,64}$/.test(v) || isHttpUrl(v), { error: `expected ${expected}` });
}

export function isHttpUrl(v: string): boolean {
  return z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).safeParse(v).success;
}

export function boolean(expected: string) {
  return z.boolean({ error: say(`true or false (${expected})`) });
}

/** A 24-hour clock time `HH:MM`. */
export function clock() {
  const expected = 'a 24-hour time like 09:00';
  return z.string({ error: say(expected) }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `expected ${expected}` });
}

/** A line a config must give itself (NOTES.md decision 14: a policy's facts): "required: ..." when absent. */
export function requiredLine(expected: string, max: number) {
  return z
    .string({ error: (i) => (i.input === undefined ? `required: ${expected}` : `expected ${expected}`) })
    .trim()
    .min(1, { error: `expected ${expected}` })
    .max(max, { error: `expected at most ${max} characters` })
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: 'expected a single line without control characters' });
}
