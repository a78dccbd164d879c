import * as z from 'zod';
import { EMAIL_ADDRESS } from '../config/email-address.js';
import { SAFE_SLUG } from '../config/slug.js';
import { apiRoute } from './route.js';

/**
 * The owner's staff calls and the account as the admin sees it (docs/decisions/017-staff-accounts.md,
 * NOTES.md decision 17), written once: the server validates with these and answers with them
 * (src/server/auth/staff-routes.ts, fields.ts), the admin calls them (src/admin/staff/staff-api.ts).
 */

export const ROLES = ['owner', 'editor', 'frontdesk'] as const;
export type Role = (typeof ROLES)[number];

export const email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Use at most 254 characters.' })
  .regex(EMAIL_ADDRESS, { error: 'Enter an email address like name@example.com.' });
export const name = z.string({ error: 'Enter a name.' }).trim().min(1, { error: 'Enter a name.' }).max(100, { error: 'Use at most 100 characters.' });
export const role = z.enum(ROLES, { error: 'Choose owner, editor or front desk.' });
/** A front desk's (or a front-desk token's) cities: slugs, or null for All cities chosen on purpose. */
export const cities = z
  .array(z.string().regex(SAFE_SLUG, { error: 'A city is named by its slug, like tampa.' }), { error: 'Give a list of city slugs, or null for every city.' })
  .max(1000)
  .nullable();
export const password = z.string({ error: 'Enter a password.' }).max(1024, { error: 'Use at most 1,024 characters.' });

/** An account as the API shows it: never its password hash, TOTP secret or codes. */
export const publicAccount = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  /** Front desk: the city slugs it works; null: every city. */
  cities: z.array(z.string()).nullable(),
  active: z.boolean(),
  /** Whether a second factor (TOTP) is set up. */
  totp: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Signed in with a password an owner set: the person chooses their own before anything else. */
  passwordChange: z.boolean(),
  /** An editor the owner asked to use two-step sign-in (owners and front desks always do). */
  twoStepRequired: z.boolean(),
});
export type PublicAccount = z.infer<typeof publicAccount>;

/** An API token as listed (never its secret); `createdBy` names its maker (their email, when the account is known). */
export const publicToken = z.object({
  id: z.string(),
  name: z.string(),
  role,
  /** A front-desk token: the cities whose messages it reads; null: every city. */
  cities: z.array(z.string()).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PublicToken = z.infer<typeof publicToken>;

const ok = { success: z.literal(true) };

export const listAccounts = apiRoute({ method: 'GET', path: '/api/accounts', request: undefined, response: z.object({ ...ok, accounts: z.array(publicAccount) }) });

/** Add a person: a front desk's `cities` are required (checked by the handler, which names the field). */
export const addAccount = apiRoute({
  method: 'POST',
  path: '/api/accounts',
  request: z.object({ email, name, role, cities: cities.optional(), password }),
  response: z.object({ ...ok, account: publicAccount }),
});

export const changeAccount = apiRoute({
  method: 'PATCH',
  path: '/api/accounts/:id',
  request: z.object({
    email: email.optional(),
    name: name.optional(),
    role: role.optional(),
    cities: cities.optional(),
    active: z.boolean().optional(),
    password: password.optional(),
    twoStepRequired: z.boolean({ error: 'Say true or false.' }).optional(),
  }),
  response: z.object({ ...ok, account: publicAccount }),
});

export const listTokens = apiRoute({ method: 'GET', path: '/api/tokens', request: undefined, response: z.object({ ...ok, tokens: z.array(publicToken) }) });

const tokenName = z.string({ error: 'Name the token (what uses it).' }).trim().min(1, { error: 'Name the token (what uses it).' }).max(100);
/** Create a token: a front-desk token's `cities` are required (checked by the handler). The secret is answered once. */
export const createToken = apiRoute({
  method: 'POST',
  path: '/api/tokens',
  request: z.object({ name: tokenName, role, cities: cities.optional() }),
  response: z.object({ ...ok, token: publicToken, secret: z.string() }),
});

export const revokeToken = apiRoute({ method: 'DELETE', path: '/api/tokens/:id', request: undefined, response: z.object({ ...ok, token: publicToken }) });
