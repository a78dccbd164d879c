import type { Context } from 'hono';
import * as z from 'zod';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { parseBody, type Parsed } from '../http/validate.js';
import type { PublicAccount } from '../../contract/staff.js';
import type { Account } from './store.js';

/** What the sign-in and staff routes (routes.ts, staff-routes.ts) take and show. */

/** The largest body a sign-in or staff call takes. */
export const MAX_BODY = 16 * 1024;

/** A body of at most MAX_BODY parsed by `schema`, or the 4xx naming each field at fault. */
export function body<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<Parsed<T>> {
  return parseBody(c, schema, MAX_BODY);
}

/** An account as the API shows it (the contract's `publicAccount`): never its password hash, TOTP secret or codes. */
export function publicAccount(a: Account): PublicAccount {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    role: a.role,
    cities: a.cities,
    active: a.active,
    totp: a.totpSecret !== null,
    createdAt: a.createdAt,
    lastSignInAt: a.lastSignInAt,
    passwordChange: a.passwordChange,
    twoStepRequired: a.twoStepRequired,
  };
}

// The staff fields are the contract's (src/contract/staff.ts): one set for the server and the admin.
export { cities, email, name, password, role } from '../../contract/staff.js';

/** One field's error, as the admin's forms show it. */
export const fieldError = (c: Context<AppEnv>, field: string, text: string, status: 400 | 409 = 400) => apiError(c, status, fieldFailure({ [field]: text }));
