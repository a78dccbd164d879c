import { Hono, type Context } from 'hono';
import type * as z from 'zod';
import * as M from '../../texts/server.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { type InboxFilter, type InboxStore, type MessageDetail } from './inbox.js';
import type { MessageSealer } from './sealing.js';
import { readerScope } from './reader-scope.js';
import type { InboxEvents } from './inbox-events.js';
import { planSearch } from './search.js';
import { inboxSearch } from '../../contract/inbox-search.js';
import { answerOf } from '../../contract/route.js';
import { inboxCounts, inboxCountsQuery } from '../../contract/inbox-counts.js';
import {
  inboxAddNote,
  inboxAssignee,
  inboxAssignees,
  inboxDelete,
  inboxList,
  inboxListQuery,
  inboxMessage,
  inboxStatus,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  retentionGet,
  retentionPut,
} from '../../contract/inbox.js';

const listQuery = inboxListQuery;

/** JSON bodies of the inbox: a note of 2,000 characters fits many times over. */
const MAX_BODY = 16 * 1024;

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
  const filterOf = async (actor: Actor, q: Pick<z.infer<typeof listQuery>, 'site' | 'status' | 'assignee' | 'from' | 'to'> & { open?: 'true' | 'false' | boolean; language?: InboxFilter['language'] }): Promise<InboxFilter> => ({
    scope: await scopeOf(actor),
    site: q.site,
    status: q.status,
    language: q.language,
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
    return c.json(answerOf(inboxList, { success: true, ...page, page: q.page, pageSize: q.pageSize }));
  };

  app.get(inboxList.path, async (c) => {
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
  app.get(inboxAssignees.path, async (c) => {
    const staff = (await accounts.list()).filter((a) => a.role === 'frontdesk' || a.role === 'owner');
    return c.json(
      answerOf(inboxAssignees, {
        success: true,
        assignees: staff.map((a) => ({ id: a.id, name: a.name || a.email, email: a.email, cities: a.role === 'owner' ? null : a.cities, active: a.active })),
      }),
    );
  });

  app.get(inboxMessage.path, async (c) => {
    const m = await visible(c, c.req.param('id')!);
    if (m instanceof Response) return m;
    return c.json(answerOf(inboxMessage, { success: true, message: m }));
  });

  app.put(inboxStatus.path, async (c) => {
    const b = await parseBody(c, inboxStatus.request, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id')!);
    if (m instanceof Response) return m;
    const { status, closeReason } = b.value;
    if (status === 'closed' && !closeReason) return apiError(c, 400, fieldFailure({ closeReason: M.closeReasonInvalid.title }));
    if (status !== 'closed' && closeReason) return apiError(c, 400, fieldFailure({ closeReason: 'Only a closed message has a reason.' }));
    c.set('auditObject', `message=${m.id} status=${status}${closeReason ? ` reason=${closeReason}` : ''}`);
    const updated = await inbox.update(m.id, { status, closeReason: closeReason ?? null }, o.now().toISOString());
    if (!updated) return apiError(c, 404, { error: M.messageNotFound });
    return c.json(answerOf(inboxStatus, { success: true, message: updated }));
  });

  app.put(inboxAssignee.path, async (c) => {
    const b = await parseBody(c, inboxAssignee.request, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id')!);
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
    return c.json(answerOf(inboxAssignee, { success: true, message: updated }));
  });

  app.post(inboxAddNote.path, async (c) => {
    const b = await parseBody(c, inboxAddNote.request, MAX_BODY);
    if (!b.ok) return b.response;
    const m = await visible(c, c.req.param('id')!);
    if (m instanceof Response) return m;
    if (m.unreadable !== undefined) return apiError(c, 409, { error: M.messageUnreadable });
    const actor = actorOf(c);
    const account = await accounts.byId(actor.accountId);
    const authorLabel = actor.kind === 'token' ? actor.label : account?.name || actor.label;
    const note = await inbox.addNote(m.id, { authorId: actor.id, authorLabel, text: b.value.text }, o.now().toISOString());
    if (!note) return apiError(c, 404, { error: M.messageNotFound });
    c.set('auditObject', `message=${m.id} note=${note.id}`);
    return c.json(answerOf(inboxAddNote, { success: true, note }), 201);
  });

  // A patient's request to be forgotten: the message, its notes and its pending notification, at once.
  app.delete(inboxDelete.path, async (c) => {
    const id = c.req.param('id')!;
    c.set('auditObject', `message=${id.slice(0, 64)}`);
    const removed = await inbox.remove(id);
    if (!removed) return apiError(c, 404, { error: M.messageNotFound });
    c.set('auditCity', removed.site);
    c.set('auditObject', `message=${removed.id} received=${removed.receivedAt.slice(0, 10)}`);
    return c.json(answerOf(inboxDelete, { success: true, deleted: removed }));
  });

  app.get(retentionGet.path, async (c) =>
    c.json(answerOf(retentionGet, { success: true, days: await inbox.retentionDays(), minDays: RETENTION_MIN_DAYS, maxDays: RETENTION_MAX_DAYS })),
  );

  app.put(retentionPut.path, async (c) => {
    const b = await parseBody(c, retentionPut.request, MAX_BODY);
    if (!b.ok) return b.response;
    await inbox.setRetentionDays(b.value.days);
    c.set('auditObject', `days=${b.value.days ?? 'forever'}`);
    return c.json(answerOf(retentionPut, { success: true, days: b.value.days }));
  });

  return app;
}
