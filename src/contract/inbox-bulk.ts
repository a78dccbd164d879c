import * as z from 'zod';
import * as M from '../texts/server.js';
import { closeReasonField, statusField } from './inbox.js';
import { apiRoute } from './route.js';

/** At most this many messages in one bulk change: a page of the list holds 200. */
export const BULK_MAX = 200;

/**
 * POST /api/inbox/bulk (issue 37 item 7; src/server/leads/inbox-bulk.ts): the messages selected in
 * the inbox given to someone, moved to a status, or both, in one request. Each id is checked as one
 * message is: an id the actor may not see answers `notFound`, as a message that does not exist.
 */
export const inboxBulkRequest = z
  .object({
    ids: z
      .array(z.string().min(1).max(100), { error: M.bulkIdsInvalid.title })
      .min(1, { error: M.bulkIdsInvalid.title })
      .max(BULK_MAX, { error: M.bulkIdsTooMany.title }),
    /** An account id, or null for nobody; absent: the assignee is left as it is. */
    assigneeId: z.string({ error: M.assigneeInvalid.title }).min(1, { error: M.assigneeInvalid.title }).max(100).nullable().optional(),
    status: statusField.optional(),
    /** One reason for every message closed; only with status closed. */
    closeReason: closeReasonField.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.assigneeId === undefined && b.status === undefined) ctx.addIssue({ code: 'custom', path: ['status'], message: M.bulkNothing.title });
    if (b.status === 'closed' && !b.closeReason) ctx.addIssue({ code: 'custom', path: ['closeReason'], message: M.closeReasonInvalid.title });
    if (b.status !== 'closed' && b.closeReason) ctx.addIssue({ code: 'custom', path: ['closeReason'], message: M.closeReasonOnlyClosed.title });
  });

export const inboxBulkResponse = z.object({
  success: z.literal(true),
  /** Each id asked for, in order: changed, or not found (absent, or outside the actor's cities). */
  results: z.array(z.object({ id: z.string(), result: z.enum(['ok', 'notFound']) })),
  changed: z.number().int(),
});

export const inboxBulk = apiRoute({ method: 'POST', path: '/api/inbox/bulk', request: inboxBulkRequest, response: inboxBulkResponse });
