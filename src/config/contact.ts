import * as z from 'zod/mini';
import * as EN from '../texts/contact.js';
import * as ES from '../texts/es/contact.js';
import { ALL_SERVICE_OPTIONS } from './services.js';
import { LANGS, type Lang } from './languages.js';
import { SAFE_SLUG } from './slug.js';

/**
 * The contact message (spec sections 3 and 5). One schema for the form island, the server route
 * and the no-JavaScript form post. Its messages are the spec's, word for word, named in the
 * messages catalogue (src/texts/contact.ts). Written with zod/mini,
 * which tree-shakes, so the island ships a few kilobytes of validation instead of all of zod.
 */

/** Upper bounds keep one message well under the server's 32 KB body limit. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, message: 5000, site: 64, page: 200 } as const;

/**
 * A value's ends cut of white space (as `trim` cuts it) and of the characters that show nothing,
 * which `trim` leaves: zero-width spaces and joiners, the word joiner. So a name or a message of
 * nothing visible is missing, not stored as a lead with nothing in it (found in review); inside a
 * value (an emoji's joiner) they stay.
 */
const INVISIBLE_ENDS = /^[\s\u200b-\u200d\u2060]+|[\s\u200b-\u200d\u2060]+$/g;
const trimmed = z.overwrite((v: string) => v.replace(INVISIBLE_ENDS, ''));

/** A site-relative page path as the generated form sends it (`contact/`, `` for the home page). */
const PAGE_PATH = /^[A-Za-z0-9._~%/-]*$/;

/**
 * The schema with its messages in one language (issue 40): the Spanish page's form, island and
 * no-JavaScript answer say each field's error in Spanish. Both accept and give the same values.
 */
function schemaIn(M: typeof EN) {
  const required = (label: string, max: number, message: string) =>
    z.string({ error: message }).check(
      trimmed,
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: M.fieldTooLong(label, max).title }),
    );
  return z.strictObject({
  firstName: required(M.fieldFirstName.message!, CONTACT_LIMITS.name, M.firstNameRequired.title),
  lastName: required(M.fieldLastName.message!, CONTACT_LIMITS.name, M.lastNameRequired.title),
  email: z
    .string({ error: M.emailInvalid.title })
    .check(z.trim(), z.maxLength(CONTACT_LIMITS.email, { error: M.emailInvalid.title }), z.email({ error: M.emailInvalid.title })),
  phone: z._default(
    z.optional(
      z.string({ error: M.phoneNotText.title }).check(
        z.trim(),
        z.maxLength(CONTACT_LIMITS.phone, { error: M.fieldTooLong(M.fieldPhone.message!, CONTACT_LIMITS.phone).title }),
      ),
    ),
    '',
  ),
  service: z._default(
    z.optional(
      z.union([z.literal(''), z.enum(ALL_SERVICE_OPTIONS as [string, ...string[]])], {
        error: M.serviceUnknown.title,
      }),
    ),
    '',
  ),
  message: z.string({ error: M.messageTooShort.title }).check(
    trimmed,
    z.minLength(10, { error: M.messageTooShort.title }),
    z.maxLength(CONTACT_LIMITS.message, { error: M.fieldTooLong(M.fieldMessage.message!, CONTACT_LIMITS.message).title }),
  ),
  // Which city site holds the form (its slug) and which of its pages (decision 010): hidden fields
  // the generated form fills in. The server checks the claim against the posting origin.
  site: z.optional(
    z.string({ error: M.siteInvalid.title }).check(
      z.trim(),
      z.maxLength(CONTACT_LIMITS.site, { error: M.siteInvalid.title }),
      z.regex(SAFE_SLUG, { error: M.siteInvalid.title }),
    ),
  ),
  page: z.optional(
    z.string({ error: M.pagePathInvalid.title }).check(
      z.trim(),
      z.maxLength(CONTACT_LIMITS.page, { error: M.pagePathInvalid.title }),
      z.regex(PAGE_PATH, { error: M.pagePathInvalid.title }),
    ),
  ),
  // The language of the page the form is on (issue 40): a hidden field on a Spanish page; absent, English.
  language: z.optional(z.enum(LANGS, { error: M.fieldUnknown.title })),
  });
}

export const contactMessageSchema = schemaIn(EN);
const SCHEMAS = { en: contactMessageSchema, es: schemaIn(ES) } as const;

/** The contact schema whose messages are in `lang`. */
export function contactSchemaFor(lang: Lang): typeof contactMessageSchema {
  return SCHEMAS[lang];
}

/** The patient's texts of the contact form in `lang`. */
export function contactTexts(lang: Lang): typeof EN {
  return lang === 'es' ? ES : EN;
}

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** Name of the hidden honeypot field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

/** Field name -> first error message, for the form and for 400 responses; an unknown field's in `lang`. */
export function fieldErrors(error: z.core.$ZodError, lang: Lang = 'en'): Record<string, string> {
  // A null-prototype record, so keys such as __proto__ or constructor are plain keys here.
  const out: Record<string, string> = Object.create(null);
  const put = (key: string, message: string) => {
    if (!Object.hasOwn(out, key)) out[key] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) put(k, contactTexts(lang).fieldUnknown.title);
    else put(issue.path.length ? String(issue.path[0]) : '_form', issue.message);
  }
  return out;
}

/**
 * A validated contact message plus where and when it arrived (docs/decisions/010-leads-by-city.md); the
 * server's stores keep it, the admin lists it (GET /api/messages):
 * filed under the city its form names when this server knows that city, with the Origin and the
 * Referer kept as evidence.
 */
export interface NewMessage extends Omit<ContactMessage, 'site' | 'page' | 'language'> {
  /** City slug of the site it was filed under (`tampa`); '' when no known site could be named. */
  site: string;
  /** That site's city (`Tampa`); '' when this server does not know the site. */
  city: string;
  /** The page holding the form, relative to the site (`contact/`); '' when the form did not say. */
  page: string;
  /**
   * The language of the page the form was on (issue 40): 'es' for a Spanish page's form, else 'en'.
   * Stored in clear beside `page` (which already names the page): it is not what the patient wrote.
   */
  language: Lang;
  /** The post's Origin header ('null' for an opaque one), or this server's own origin for posts without one. */
  origin: string;
  /** The Referer's origin and path (never its query, which can carry an email or an ad-click id); '' without one. */
  referer: string;
  /**
   * Whether `origin` is one of the city's known addresses (its domain, its website, this server for
   * the home clinic, the sites origin for a deployed city). False: the admin says the message was
   * sent from an address not registered for that city. Never moves the message to another city.
   */
  registered: boolean;
  /** ISO 8601 time the server received it. */
  receivedAt: string;
}

export interface StoredMessage extends NewMessage {
  /** Public id (a UUID); row numbers stay internal so the count of messages is not exposed. */
  id: string;
  /**
   * Set when the patient's words could not be opened (their sealed text was changed or moved from
   * another message, or sealed by a key this server was not given): why; the words are then empty.
   */
  unreadable?: string;
}
