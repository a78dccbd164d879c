import * as z from 'zod';
import * as M from '../texts/server.js';
import { email, name, password, publicAccount } from './staff.js';
import { apiRoute } from './route.js';

/**
 * Signing in and out, the first owner, the second factor and the person's own password
 * (docs/decisions/017-staff-accounts.md; src/server/auth/routes.ts, src/admin/auth/auth-api.ts).
 */

/** How far a sign-in has gone: a code is due (`totp`), a second factor must be set up (`enrol`), or done. */
export const STAGES = ['full', 'totp', 'enrol'] as const;
export type Stage = (typeof STAGES)[number];
const stage = z.enum(STAGES);

/** A sign-in step's answer: the stage it reached and the account. */
const signed = z.object({ success: z.literal(true), stage, account: publicAccount });

/** The code of an authenticator app, or a recovery code. */
const code = z.string({ error: 'Enter the code.' }).trim().max(40);

/** GET /api/session: who this browser is signed in as, and whether it may create the first owner. */
export const sessionGet = apiRoute({
  method: 'GET',
  path: '/api/session',
  request: undefined,
  response: z.object({
    success: z.literal(true),
    signedIn: z.boolean(),
    stage: stage.optional(),
    account: publicAccount.optional(),
    /** No account exists yet and this browser (on this machine) may create the owner. */
    setup: z.boolean(),
    /** Minutes without use before the session ends. */
    idleMinutes: z.number(),
  }),
});

/** POST /api/setup: the first owner, from a browser on this machine while no account exists. */
export const setupOwner = apiRoute({ method: 'POST', path: '/api/setup', request: z.object({ email, name, password }), response: signed });

/** POST /api/session: the password step. */
export const signIn = apiRoute({
  method: 'POST',
  path: '/api/session',
  request: z.object({ email: z.string().trim().toLowerCase().max(254), password }),
  response: signed,
});

/** POST /api/session/totp: the code step (an app's six digits, or a recovery code). */
export const signInCode = apiRoute({
  method: 'POST',
  path: '/api/session/totp',
  request: z.object({ code: code.min(1, { error: 'Enter the code.' }) }),
  response: signed.extend({ recoveryCodesLeft: z.number() }),
});

/** POST /api/session/totp/enrol: a new secret to scan; signed in fully, the password is asked again. */
export const totpEnrol = apiRoute({
  method: 'POST',
  path: '/api/session/totp/enrol',
  request: z.object({ password: z.string({ error: M.passwordAgainMissing.title }).min(1, { error: M.passwordAgainMissing.title }).max(1024) }).optional(),
  response: z.object({ success: z.literal(true), secret: z.string(), uri: z.string(), qrSvg: z.string() }),
});

/** POST /api/session/totp/confirm: the first code from the app; answers the recovery codes, shown once. */
export const totpConfirm = apiRoute({
  method: 'POST',
  path: '/api/session/totp/confirm',
  request: z.object({ code }),
  response: signed.extend({ recoveryCodes: z.array(z.string()) }),
});

/** PUT /api/session/password: the person's own password, the current one asked again. */
export const passwordChange = apiRoute({
  method: 'PUT',
  path: '/api/session/password',
  request: z.object({ current: password, password }),
  response: z.object({ success: z.literal(true) }),
});

/** DELETE /api/session: signs out (204, no body). */
export const signOut = apiRoute({ method: 'DELETE', path: '/api/session', request: undefined, response: z.undefined() });
