import * as z from 'zod';
import { CLOSE_REASONS, STATUSES } from '../config/inbox-states.js';
import { LANGS } from '../config/languages.js';
import { SAFE_SLUG } from '../config/slug.js';
import { siteInvalid } from '../texts/contact.js';
import * as M from '../texts/server.js';
import { apiRoute } from './route.js';

/**
 * The front desk's inbox (issue 22, docs/decisions/018-inbox.md; src/server/leads/inbox-routes.ts):
 * the list, one message in full, its status, assignee and notes, deleting it, and retention. The
 * search, the counts, the bulk change and the live stream have modules of their own beside this one.
 */

/** A note of 2,000 characters at most. */
export const NOTE_MAX = 2000;

export const statusField = z.enum(STATUSES, { error: M.statusInvalid.title });
export const closeReasonField = z.enum(CLOSE_REASONS, { error: M.closeReasonInvalid.title });
/** One city's slug ('' = the messages of no known site). */
export const siteField = z
  .string()
  .refine((v) => v === '' || SAFE_SLUG.test(v), { error: siteInvalid.title })
  .optional();
/** The language of the page a message was sent from (issue 40): `en`, `es`. */
export const languageField = z.enum(LANGS, { error: M.inboxLanguageInvalid.title });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.inboxDateInvalid.title }).optional();
const pageField = z.number({ error: M.pageInvalid.title }).int({ error: M.pageInvalid.title }).min(1, { error: M.pageInvalid.title });
const pageSizeField = z
  .number({ error: M.pageSizeInvalid.title })
  .int({ error: M.pageSizeInvalid.title })
  .min(1, { error: M.pageSizeInvalid.title })
  .max(200, { error: M.pageSizeInvalid.title });

/** The filters of a list, a search or an export: never anything a patient wrote. */
export const filterShape = {
  site: siteField,
  status: statusField.optional(),
  /** An account id, or `none` for the messages nobody has. */
  assignee: z.string().max(100).optional(),
  /** Only the messages sent from pages in this language (`es`: the Spanish pages'). */
  language: languageField.optional(),
  from: day,
  to: day,
};

/** GET /api/inbox's query (and the export's): the filters as text, `open=true` for "My open". */
export const inboxListQuery = z.object({
  ...filterShape,
  /** `true`: only the messages not closed ("My open"). */
  open: z.enum(['true', 'false'], { error: M.inboxOpenInvalid.title }).optional(),
  page: z.coerce.number({ error: M.pageInvalid.title }).int({ error: M.pageInvalid.title }).min(1, { error: M.pageInvalid.title }).default(1),
  pageSize: z.coerce
    .number({ error: M.pageSizeInvalid.title })
    .int({ error: M.pageSizeInvalid.title })
    .min(1, { error: M.pageSizeInvalid.title })
    .max(200, { error: M.pageSizeInvalid.title })
    .default(50),
});
/** The same filters in a JSON body (the search's). */
export const filterBody = {
  ...filterShape,
  /** Only the messages not closed ("My open"). */
  open: z.boolean({ error: M.inboxOpenInvalid.title }).optional(),
  page: pageField.default(1),
  pageSize: pageSizeField.default(50),
};

/** A row of a list: what the front desk needs to pick the next call, nothing more of the patient. */
export const inboxItem = z.object({
  id: z.string(),
  receivedAt: z.string(),
  site: z.string(),
  city: z.string(),
  firstName: z.string(),
  service: z.string(),
  /** The language of the page it was sent from: `es` is shown "Wrote in Spanish". */
  language: languageField,
  status: statusField,
  closeReason: closeReasonField.nullable(),
  assigneeId: z.string().nullable(),
  /** Set when the patient's words do not open: why. */
  unreadable: z.string().optional(),
});

const byStatus = z.object({ new: z.number(), contacted: z.number(), booked: z.number(), closed: z.number() });
/** One page of a list or a search, with its counts. */
export const inboxPage = z.object({
  success: z.literal(true),
  items: z.array(inboxItem),
  /** Messages the whole filter covers. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Per status, over the filter without its status: a status's count is what clicking it shows. */
  byStatus,
  /** Per city, over the filter without its city; most messages first. */
  byCity: z.array(z.object({ site: z.string(), city: z.string(), count: z.number() })),
});
export { byStatus as byStatusShape };

export const inboxNote = z.object({
  id: z.string(),
  at: z.string(),
  authorId: z.string(),
  /** Who wrote it at the time (the account's name or email). */
  authorLabel: z.string(),
  text: z.string(),
  /** Set when the note does not open: why; `text` is then empty. */
  unreadable: z.string().optional(),
});

/** One message in full, with its state and notes, oldest note first. */
export const messageDetail = z.object({
  id: z.string(),
  receivedAt: z.string(),
  /** City slug it was filed under ('' when no known site); `city` its name. */
  site: z.string(),
  city: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  message: z.string(),
  /** The page holding the form, relative to its site. */
  page: z.string(),
  origin: z.string(),
  referer: z.string(),
  /** Whether the post came from an address registered for the city. */
  registered: z.boolean(),
  /** The language of the page it was sent from (issue 40). */
  language: languageField,
  status: statusField,
  closeReason: closeReasonField.nullable(),
  assigneeId: z.string().nullable(),
  /** When the status last changed (the time received, for a new message). */
  statusAt: z.string(),
  notes: z.array(inboxNote),
  unreadable: z.string().optional(),
});
const oneMessage = z.object({ success: z.literal(true), message: messageDetail });

/** Someone a message can be given to: an owner or a front desk (an owner's cities: null, every city). */
export const assignee = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  cities: z.array(z.string()).nullable(),
  active: z.boolean(),
});

export const inboxList = apiRoute({ method: 'GET', path: '/api/inbox', request: undefined, response: inboxPage });

export const inboxAssignees = apiRoute({
  method: 'GET',
  path: '/api/inbox/assignees',
  request: undefined,
  response: z.object({ success: z.literal(true), assignees: z.array(assignee) }),
});

/** Opens a message in full; the server records the read. */
export const inboxMessage = apiRoute({ method: 'GET', path: '/api/inbox/:id', request: undefined, response: oneMessage });

export const inboxStatus = apiRoute({
  method: 'PUT',
  path: '/api/inbox/:id/status',
  request: z.object({ status: statusField, closeReason: closeReasonField.nullable().optional() }),
  response: oneMessage,
});

export const inboxAssignee = apiRoute({
  method: 'PUT',
  path: '/api/inbox/:id/assignee',
  request: z.object({ assigneeId: z.string({ error: M.assigneeInvalid.title }).min(1, { error: M.assigneeInvalid.title }).max(100).nullable() }),
  response: oneMessage,
});

export const inboxAddNote = apiRoute({
  method: 'POST',
  path: '/api/inbox/:id/notes',
  request: z.object({
    text: z.string({ error: M.noteEmpty.title }).trim().min(1, { error: M.noteEmpty.title }).max(NOTE_MAX, { error: M.noteTooLong.title }),
  }),
  response: z.object({ success: z.literal(true), note: inboxNote }),
});

/** The owner's: a message and its notes deleted for good (a patient's request to be forgotten). */
export const inboxDelete = apiRoute({
  method: 'DELETE',
  path: '/api/inbox/:id',
  request: undefined,
  response: z.object({ success: z.literal(true), deleted: z.object({ id: z.string(), site: z.string(), receivedAt: z.string() }) }),
});

/** Retention an owner may choose, in days: 30 days to 10 years; null keeps messages until deleted. */
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;
const retentionDays = z
  .number({ error: M.retentionInvalid.title })
  .int({ error: M.retentionInvalid.title })
  .min(RETENTION_MIN_DAYS, { error: M.retentionInvalid.title })
  .max(RETENTION_MAX_DAYS, { error: M.retentionInvalid.title })
  .nullable();

export const retentionGet = apiRoute({
  method: 'GET',
  path: '/api/settings/retention',
  request: undefined,
  response: z.object({ success: z.literal(true), days: z.number().nullable(), minDays: z.number(), maxDays: z.number() }),
});

export const retentionPut = apiRoute({
  method: 'PUT',
  path: '/api/settings/retention',
  request: z.object({ days: retentionDays }),
  response: z.object({ success: z.literal(true), days: z.number().nullable() }),
});

export type InboxItem = z.output<typeof inboxItem>;
/** A page of the list, or of a search (which says whether it was capped). */
export type InboxPage = Omit<z.output<typeof inboxPage>, 'success'> & { capped?: boolean };
export type Note = z.output<typeof inboxNote>;
export type MessageDetail = z.output<typeof messageDetail>;
export type Assignee = z.output<typeof assignee>;
