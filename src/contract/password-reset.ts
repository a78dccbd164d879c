import * as z from 'zod';
import { apiRoute } from './route.js';

/**
 * Forgot password (issue 37 item 9): a link by email to choose a new password, when the server
 * sends mail. The link works once, for RESET_LINK_MINUTES; asking for one answers the same
 * whether or not an account signs in with the email. The server's routes are
 * src/server/auth/reset-routes.ts; the admin's pages src/admin/auth/password-reset.tsx.
 */

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

/**
 * Where the link opens the admin: `/admin#reset-password/<token>`. The token rides in the
 * fragment, which a browser never sends, so no request line, access log or Referer carries it.
 */
export const RESET_LINK_FRAGMENT = 'reset-password/';

/** Whether the sign-in page offers "Forgot password?" (the server sends mail) or says to ask an owner. */
export const resetOffered = apiRoute({
  method: 'GET',
  path: '/api/password-reset',
  request: undefined,
  response: z.object({ success: z.literal(true), byEmail: z.boolean(), minutes: z.number() }),
});

/** Asks for a link; the same answer (202) whether or not the email names an account. */
export const requestReset = apiRoute({
  method: 'POST',
  path: '/api/password-reset',
  request: z.object({
    // The sign-in name as the sign-in takes it: the server sends only to an account's email.
    email: z.string({ error: 'Enter your email address.' }).trim().toLowerCase().min(1, { error: 'Enter your email address.' }).max(254, { error: 'Use at most 254 characters.' }),
  }),
  response: z.object({ success: z.literal(true) }),
});

/** Sets the new password with the link's token: the password only (two-step sign-in stays), every session of the account ends. */
export const completeReset = apiRoute({
  method: 'POST',
  path: '/api/password-reset/complete',
  request: z.object({
    token: z.string({ error: 'The link is incomplete: open it from the email again.' }).trim().max(200),
    password: z.string({ error: 'Enter a password.' }).max(1024, { error: 'Use at most 1,024 characters.' }),
  }),
  response: z.object({ success: z.literal(true) }),
});
