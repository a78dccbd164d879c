import { Hono, type Context } from 'hono';
import * as z from 'zod';
import * as M from '../../texts/server.js';
import { SAFE_SLUG } from '../../config/slug.js';
import { siteInvalid } from '../../texts/contact.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { CLOSE_REASONS, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, STATUSES, type InboxFilter, type InboxStore, type MessageDetail } from './inbox.js';
import type { MessageSealer } from './sealing.js';
import { readerScope } from './reader-scope.js';
import type { InboxEvents } from './inbox-events.js';
import { planSearch } from './search.js';
import { inboxSearch, SEARCH_CLOSE_REASONS, SEARCH_STATUSES } from '../../contract/inbox-search.js';
import { answerOf } from '../../contract/route.js';
import { inboxCounts, inboxCountsQuery } from '../../contract/inbox-counts.js';
import type { CloseReason, Status } from './inbox.js';

/** JSON bodies of the inbox: a note of 2,000 characters fits many times over. */
const MAX_BODY = 16 * 1024;
const NOTE_MAX = 2000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.inboxDateInvalid.title }).optional();
/** The filters of a list (a query string, or the search's body): never anything a patient wrote. */
export const filterFields = {
  site: z
    .string()
    .refine((v) => v === '' || SAFE_SLUG.test(v), { error: siteInvalid.title })
    .optional(),
  status: z.enum(STATUSES, { error: M.statusInvalid.title }).optional(),
  /** An account id, or `none` for the messages nobody has. */
  assignee: z.string().max(100).optional(),
  from: day,
  to: day,
  /** `true`: only the messages not closed ("My open"). */
  open: z.enum(['true', 'false'], { error: M.inboxOpenInvalid.title }).optional(),
  page: z.coerce.number({ error: M.pageInvalid.title }).int({ error: M.pageInvalid.title }).min(1, { error: M.pageInvalid.title }).default(1),
  pageSize: z.coerce
    .number({ error: M.pageSizeInvalid.title })
    .int({ error: M.pageSizeInvalid.title })
    .min(1, { error: M.pageSizeInvalid.title })
    .max(200, { error: M.pageSizeInvalid.title })
    .default(50),
};
const listQuery = z.object(filterFields);

/** The contract's states are the store's, both ways (contract/ may not import config/). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameStates: Same<(typeof SEARCH_STATUSES)[number], Status> & Same<(typeof SEARCH_CLOSE_REASONS)[number], CloseReason> = true;
void sameStates;

const statusBody = z.object({
  status: z.enum(STATUSES, { error: M.statusInvalid.title }),
  closeReason: z.enum(CLOSE_REASONS, { error: M.closeReasonInvalid.title }).nullable().optional(),
});
const assigneeBody = z.object({ assigneeId: z.string({ error: M.assigneeInvalid.title }).min(1, { error: M.assigneeInvalid.title }).max(100).nullable() });
const noteBody = z.object({
  text: z.string({ error: M.noteEmpty.title }).trim().min(1, { error: M.noteEmpty.title }).max(NOTE_MAX, { error: M.noteTooLong.title }),
});
const retentionBody = z.object({
  days: z
    .number({ error: M.retentionInvalid.title })
    .int({ error: M.retentionInvalid.title })
    .min(RETENTION_MIN_DAYS, { error: M.retentionInvalid.title })
    .max(RETENTION_MAX_DAYS, { error: M.retentionInvalid.title })
    .nullable(),
});

/**
 * The staff the inbox needs to know (auth's AccountStore, named by its shape: auth's guard already
 * depends on audit, and leads may not close a cycle through it).
 */
export interface StaffDirectory {
  list(): Promise<StaffMember[]>;
  byId(id: string): Promise<StaffMember | undefined>;
}

interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: 'owner' | 'editor' | 'frontdesk';
  cities: string[] | null;
  active: boolean;
}

export interface InboxRouteOptions {
  inbox: InboxStore;
  accounts: StaffDirectory;
  /** A sealer under the store's search key: what is searched becomes the keyed tokens the store matches (search.ts). */
  sealer: MessageSealer;
  now: () => Date;
  /**
   * The cities this server knows: a message filed under none of them (a page of a site nobody
   * registered) is read by owners only (NOTES.md decision 17), so a front desk of every city reads
   * the known cities' messages. Without it, every city's.
   */
  knownCities?: () => Promise<string[]>;
  /** The live inbox's stream and presence (inbox-events.ts), scoped as the list is. */
  events?: InboxEvents;
}

/**
 * The front desk's inbox (issue 22; docs/decisions/018-inbox.md). Who may call what is the guard's
 * (auth/permissions.ts: messages.read, deleting and retention the owner's); the city scope of a
 * front desk is kept here, where a message's city is known, and every read and change is recorded
 * by the guard with the city set here.
 */
export function inboxRoutes(o: InboxRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { inbox, accounts } = o;
  const actorOf = (c: Context<AppEnv>) => c.get('actor') as Actor;
  /** The cities whose messages `actor` reads: its own, or for one of every city, the known ones (owners: all, null). */
  const scope = readerScope(o.knownCities);
  const { scopeOf } = scope;
  const inScope = scope.reads;
  // Before /api/inbox/:id, which would read `events` as a message's id.
  if (o.events) app.route('/', o.events.routes(scopeOf));

  /** The message `id` as the actor may see it: a message of a city outside a front desk's is as good as absent. */
  const visible = async (c: Context<AppEnv>, id: string): Promise<MessageDetail | Response> => {
    c.set('auditObject', `message=${id.slice(0, 64)}`);
    const m = await inbox.get(id);
    if (m) c.set('auditCity', m.site);
    if (!m || !(await inScope(actorOf(c), m.site))) return apiError(c, 404, { error: M.messageNotFound });
    return m;
  };

  /** The filter of a list or a search: the actor's cities always, then what was chosen. */
  const filterOf = async (actor: Actor, q: Pick<z.infer<typeof listQuery>, 'site' | 'status' | 'assignee' | 'from' | 'to'> & { open?: 'true' | 'false' | boolean }): Promise<InboxFilter> => ({
    scope: await scopeOf(actor),
    site: q.site,
    status: q.status,
    assigneeId: q.assignee === undefined ? undefined : q.assignee === 'none' ? '' : q.assignee,
    from: q.from,
    to: q.to,
    open: q.open === true || q.open === 'true' || undefined,
  });

  /** The trail's object of a list or a search: which messages it showed (ids only; a page holds at most 200). */
  const shown = (items: readonly { id: string }[]) => `count=${items.length}${items.length ? ` messages=${items.map((i) => i.id).join(',')}` : ''}`;

  const list = async (c: Context<AppEnv>, q: z.infer<typeof listQuery>) => {
    const actor = actorOf(c);
    c.set('auditCity', q.site ?? '');
    if (q.site !== undefined && !(await inScope(actor, q.site))) return apiError(c, 403, { error: M.cityForbidden });
    const filter = await filterOf(actor, q);
    const page = await inbox.page(filter, q.page, q.pageSize);
    c.set('auditObject', shown(page.items));
    return c.json({ success: true, ...page, page: q.page, pageSize: q.pageSize });
  };

  app.get('/api/inbox', async (c) => {
    const q = parseQuery(c, listQuery);
    if (!q.ok) return q.response;
    return list(c, q.value);
  });

  // A city's page in the admin: counts by status, never a message (issue 37 item 3). A page of
  // none gives the counts alone, so no message is opened.
  app.get(inboxCounts.path, async (c) => {
    const q = parseQuery(c, inboxCountsQuery);
    if (!q.ok) return q.response;
    const actor = actorOf(c);
    if (q.value.site !== undefined && !(await inScope(actor, q.value.site))) return apiError(c, 403, { error: M.cityForbidden });
    const { byStatus } = await inbox.page(await filterOf(actor, { site: q.value.site }), 1, 0);
    return c.json(answerOf(inboxCounts, { success: true, byStatus }));
  });

  // Search travels in a body, never a URL: a name or number in a query string would reach access
  // logs and browser history. The trail records that a search was made, never what was searched.
  app.post(inboxSearch.path, async (c) => {
    c.set('auditObject', 'search');
    const b = await parseBody(c, inboxSearch.request, MAX_BODY);
    if (!b.ok) return b.response;
    const q = b.value;
    const actor = actorOf(c);
    c.set('auditCity', q.site ?? '');
    if (q.site !== undefined && !(await inScope(actor, q.site))) return apiError(c, 403, { error: M.cityForbidden });
    const plan = planSearch(q.q, o.sealer);
    if ('refused' in plan) return apiError(c, 400, fieldFailure({ q: plan.refused === 'too-few-digits' ? M.inboxSearchDigits.title : M.inboxSearchInvalid.title }));
    const found = await inbox.search(await filterOf(actor, q), plan, q.page, q.pageSize);
    c.set('auditObject', `search ${shown(found.items)}`);
    return c.json(answerOf(inboxSearch, { success: true, ...found, page: q.page, pageSize: q.pageSize }));
  });

  // Who a message can be given to: everyone allowed to read its city, owners included (issue 37
  // item 7), with the cities each works (an owner's: every city, null).
  app.get('/api/inbox/assignees', async (c) => {
    const staff = (await accounts.list()).filter((a) => a.role === 'frontdesk' || a.role === 'owner');
    return c.json({ success: true, assignees: staff.map((a) => ({ id: a.id, name: a.name || a.email, email: a.email, cities: a.role === 'owner' ? null : a.cities, active: a.active })) });
  });

  app.get('/api/inbox/:id', async (c) => {
    const m = await visible(c, c.req.param('id'));
    if (m instanceof Response) return m;
    return c.json({ success: true, message: m });
  });

  app.put('/api/inbox/:id/status', async (c) => {
    const b = await parseBody(c, statusBody, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id'));
    if (m instanceof Response) return m;
    const { status, closeReason } = b.value;
    if (status === 'closed' && !closeReason) return apiError(c, 400, fieldFailure({ closeReason: M.closeReasonInvalid.title }));
    if (status !== 'closed' && closeReason) return apiError(c, 400, fieldFailure({ closeReason: 'Only a closed message has a reason.' }));
    c.set('auditObject', `message=${m.id} status=${status}${closeReason ? ` reason=${closeReason}` : ''}`);
    const updated = await inbox.update(m.id, { status, closeReason: closeReason ?? null }, o.now().toISOString());
    if (!updated) return apiError(c, 404, { error: M.messageNotFound });
    return c.json({ success: true, message: updated });
  });

  app.put('/api/inbox/:id/assignee', async (c) => {
    const b = await parseBody(c, assigneeBody, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id'));
    if (m instanceof Response) return m;
    const { assigneeId } = b.value;
    if (assigneeId !== null) {
      const a = await accounts.byId(assigneeId);
      // Only someone who may read the message: an owner, or a front desk of its city.
      const theirs = await scope.assigneeScope(a);
      const reads = theirs !== undefined && (theirs === null || theirs.includes(m.site));
      if (!reads) return apiError(c, 400, fieldFailure({ assigneeId: M.assigneeInvalid.title }));
    }
    c.set('auditObject', `message=${m.id} assignee=${assigneeId ?? 'none'}`);
    const updated = await inbox.update(m.id, { assigneeId }, o.now().toISOString());
    if (!updated) return apiError(c, 404, { error: M.messageNotFound });
    return c.json({ success: true, message: updated });
  });

  app.post('/api/inbox/:id/notes', async (c) => {
    const b = await parseBody(c, noteBody, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id'));
    if (m instanceof Response) return m;
    if (m.unreadable !== undefined) return apiError(c, 409, { error: M.messageUnreadable });
    const actor = actorOf(c);
    const account = await accounts.byId(actor.accountId);
    const authorLabel = actor.kind === 'token' ? actor.label : account?.name || actor.label;
    const note = await inbox.addNote(m.id, { authorId: actor.id, authorLabel, text: b.value.text }, o.now().toISOString());
    if (!note) return apiError(c, 404, { error: M.messageNotFound });
    c.set('auditObject', `message=${m.id} note=${note.id}`);
    return c.json({ success: true, note }, 201);
  });

  // A patient's request to be forgotten: the message, its notes and its pending notification, at once.
  app.delete('/api/inbox/:id', async (c) => {
    const id = c.req.param('id');
    c.set('auditObject', `message=${id.slice(0, 64)}`);
    const removed = await inbox.remove(id);
    if (!removed) return apiError(c, 404, { error: M.messageNotFound });
    c.set('auditCity', removed.site);
    c.set('auditObject', `message=${removed.id} received=${removed.receivedAt.slice(0, 10)}`);
    return c.json({ success: true, deleted: removed });
  });

  app.get('/api/settings/retention', async (c) => c.json({ success: true, days: await inbox.retentionDays(), minDays: RETENTION_MIN_DAYS, maxDays: RETENTION_MAX_DAYS }));

  app.put('/api/settings/retention', async (c) => {
    const b = await parseBody(c, retentionBody, MAX_BODY);
    if (!b.ok) return b.response;
    await inbox.setRetentionDays(b.value.days);
    c.set('auditObject', `days=${b.value.days ?? 'forever'}`);
    return c.json({ success: true, days: b.value.days });
  });

  return app;
}
