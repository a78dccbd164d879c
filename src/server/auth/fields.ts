import type { Context } from 'hono';
import * as z from 'zod';
import { EMAIL_ADDRESS } from '../../config/email-address.js';
import { SAFE_SLUG } from '../../config/slug.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { parseBody, type Parsed } from '../http/validate.js';
import { ROLES, type Account } from './store.js';

/** What the sign-in and staff routes (routes.ts, staff-routes.ts) take and show. */

/** The largest body a sign-in or staff call takes. */
export const MAX_BODY = 16 * 1024;

/** A body of at most MAX_BODY parsed by `schema`, or the 4xx naming each field at fault. */
export function body<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<Parsed<T>> {
  return parseBody(c, schema, MAX_BODY);
}

/** An account as the API shows it: never its password hash, TOTP secret or codes. */
export function publicAccount(a: Account) {
  return { id: a.id, email: a.email, name: a.name, role: a.role, cities: a.cities, active: a.active, totp: a.totpSecret !== null, createdAt: a.createdAt, lastSignInAt: a.lastSignInAt };
}

export const email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Use at most 254 characters.' })
  .regex(EMAIL_ADDRESS, { error: 'Enter an email address like name@example.com.' });
export const name = z.string({ error: 'Enter a name.' }).trim().min(1, { error: 'Enter a name.' }).max(100, { error: 'Use at most 100 characters.' });
export const role = z.enum(ROLES, { error: 'Choose owner, editor or front desk.' });
export const cities = z
  .array(z.string().regex(SAFE_SLUG, { error: 'A city is named by its slug, like tampa.' }), { error: 'Give a list of city slugs, or null for every city.' })
  .max(1000)
  .nullable();
export const password = z.string({ error: 'Enter a password.' }).max(1024, { error: 'Use at most 1,024 characters.' });

/** One field's error, as the admin's forms show it. */
export const fieldError = (c: Context<AppEnv>, field: string, text: string, status: 400 | 409 = 400) => apiError(c, status, fieldFailure({ [field]: text }));
