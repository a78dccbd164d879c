import * as z from 'zod';
import { siteInvalid } from '../texts/contact.js';
import * as M from '../texts/server.js';
import { apiRoute } from './route.js';

/**
 * POST /api/inbox/search (issue 37 item 6; src/server/leads/search.ts): find messages by a last
 * name, a first name, an email, or 4 digits or more of a phone number, within the list's filters.
 * What was searched travels in this body only, never in an address, a log or the audit trail.
 */

/**
 * A message's states, as src/config/inbox-states.ts names them (contract/ imports nothing of the
 * project but texts: the server's inbox-routes.ts checks at compile time that the two agree).
 */
export const SEARCH_STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;
export const SEARCH_CLOSE_REASONS = ['not_candidate', 'no_answer', 'chose_elsewhere', 'duplicate'] as const;
/** A city slug, as src/config/slug.ts's SAFE_SLUG (checked equal by the server's test). */
export const SEARCH_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.inboxDateInvalid.title }).optional();

export const inboxSearchRequest = z.object({
  /** What the desk was told: a name, an email or digits of a phone number. */
  q: z.string({ error: M.inboxSearchInvalid.title }).trim().min(1, { error: M.inboxSearchInvalid.title }).max(200, { error: M.inboxSearchInvalid.title }),
  /** One city's slug ('' = the messages of no known site). */
  site: z
    .string()
    .refine((v) => v === '' || SEARCH_SLUG.test(v), { error: siteInvalid.title })
    .optional(),
  status: z.enum(SEARCH_STATUSES, { error: M.statusInvalid.title }).optional(),
  /** An account id, or `none` for the messages nobody has. */
  assignee: z.string().max(100).optional(),
  from: day,
  to: day,
  /** Only the messages not closed ("My open"). */
  open: z.boolean({ error: M.inboxOpenInvalid.title }).optional(),
  page: z.number({ error: M.pageInvalid.title }).int({ error: M.pageInvalid.title }).min(1, { error: M.pageInvalid.title }).default(1),
  pageSize: z
    .number({ error: M.pageSizeInvalid.title })
    .int({ error: M.pageSizeInvalid.title })
    .min(1, { error: M.pageSizeInvalid.title })
    .max(200, { error: M.pageSizeInvalid.title })
    .default(50),
});

/** A row of the results: what the list shows, nothing more of the patient. */
const item = z.object({
  id: z.string(),
  receivedAt: z.string(),
  site: z.string(),
  city: z.string(),
  firstName: z.string(),
  service: z.string(),
  status: z.enum(SEARCH_STATUSES),
  closeReason: z.enum(SEARCH_CLOSE_REASONS).nullable(),
  assigneeId: z.string().nullable(),
  unreadable: z.string().optional(),
});

export const inboxSearchResponse = z.object({
  success: z.literal(true),
  /** The matches within the filters, exact ones (the whole name, number or email) first, then newest. */
  items: z.array(item),
  /** Matches within the filters. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Matches per status, over the filters without the status. */
  byStatus: z.object({ new: z.number(), contacted: z.number(), booked: z.number(), closed: z.number() }),
  /** Matches per city, over the filters without the city. */
  byCity: z.array(z.object({ site: z.string(), city: z.string(), count: z.number() })),
  /** More messages than the server checks for one search held its tokens: only the newest were checked. */
  capped: z.boolean(),
});

export const inboxSearch = apiRoute({ method: 'POST', path: '/api/inbox/search', request: inboxSearchRequest, response: inboxSearchResponse });
