import * as z from 'zod';
import { byStatusShape, siteField } from './inbox.js';
import { apiRoute } from './route.js';

/**
 * GET /api/inbox/counts?site=<slug> (issue 37 item 3): how many messages of a city are new,
 * contacted, booked and closed, for a city's page in the admin, which links to the inbox for the
 * messages themselves. Counts only: no id, name, contact or word of a patient. Scoped as the inbox
 * list is (a front desk counts its cities only; messages of no known city, owners only).
 */
export const inboxCountsQuery = z.object({
  /** One city's slug ('' = the messages of no known site); absent, every city the reader works. */
  site: siteField,
});

export const inboxCountsResponse = z.object({
  success: z.literal(true),
  /** Messages per status within the city (or the reader's cities). */
  byStatus: byStatusShape,
});

export const inboxCounts = apiRoute({ method: 'GET', path: '/api/inbox/counts', request: undefined, response: inboxCountsResponse });
