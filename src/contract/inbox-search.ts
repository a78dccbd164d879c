import * as z from 'zod';
import * as M from '../texts/server.js';
import { filterBody, inboxPage } from './inbox.js';
import { apiRoute } from './route.js';

/**
 * POST /api/inbox/search (issue 37 item 6; src/server/leads/search.ts): find messages by a last
 * name, a first name, an email, or 4 digits or more of a phone number, within the list's filters.
 * What was searched travels in this body only, never in an address, a log or the audit trail.
 */
export const inboxSearchRequest = z.object({
  /** What the desk was told: a name, an email or digits of a phone number. */
  q: z.string({ error: M.inboxSearchInvalid.title }).trim().min(1, { error: M.inboxSearchInvalid.title }).max(200, { error: M.inboxSearchInvalid.title }),
  ...filterBody,
});

/**
 * The matches within the filters, exact ones (the whole name, number or email) first, then newest,
 * as a page of the list is: its counts are of the matches.
 */
export const inboxSearchResponse = inboxPage.extend({
  /** More messages than the server checks for one search held its tokens: only the newest were checked. */
  capped: z.boolean(),
});

export const inboxSearch = apiRoute({ method: 'POST', path: '/api/inbox/search', request: inboxSearchRequest, response: inboxSearchResponse });
