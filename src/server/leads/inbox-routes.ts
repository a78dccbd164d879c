import { Hono, type Context } from 'hono';
import * as z from 'zod';
import * as M from '../../texts/server.js';
import { SAFE_SLUG } from '../../config/slug.js';
import { siteInvalid } from '../../texts/contact.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { CLOSE_REASONS, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, STATUSES, type InboxFilter, type InboxStore, type MessageDetail } from './inbox.js';
import { normalizeEmail, normalizeName, normalizePhone, type MessageSealer } from './sealing.js';

/** JSON bodies of the inbox: a note of 2,000 characters fits many times over. */
const MAX_BODY = 16 * 1024;
const NOTE_MAX = 2000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.inboxDateInvalid.title }).optional();
/** The filters of a list (a query string, or the search's body): never anything a patient wrote. */
const filterFields = {
  site: z
    .string()
    .refine((v) => v === '' || SAFE_SLUG.test(v), { error: siteInvalid.title })
    .optional(),
  status: z.enum(STATUSES, { error: M.statusInvalid.title }).optional(),
  /** An account id, or `none` for the messages nobody has. */
  assignee: z.string().max(100).optional(),
  from: day,
  to: day,
  page: z.coerce.number({ error: M.pageInvalid.title }).int({ error: M.pageInvalid.title }).min(1, { error: M.pageInvalid.title }).default(1),
  pageSize: z.coerce
    .number({ error: M.pageSizeInvalid.title })
    .int({ error: M.pageSizeInvalid.title })
    .min(1, { error: M.pageSizeInvalid.title })
    .max(200, { error: M.pageSizeInvalid.title })
    .default(50),
};
const listQuery = z.object(filterFields);
/** Search travels in a body, never a URL: an email or phone in a query string would reach access logs and browser history. */
const searchBody = z.object({ ...filterFields, q: z.string({ error: M.inboxSearchInvalid.title }).trim().min(1, { error: M.inboxSearchInvalid.title }).max(200, { error: M.inboxSearchInvalid.title }) });

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
 * What was searched, as the keyed hashes the store matches: a full email, a phone number (seven
 * digits or more), or a first and last name. Exact only: there is no substring search over what
 * patients wrote (sealing.ts).
 */
export function lookupOf(q: string, sealer: MessageSealer): InboxFilter['lookup'] | undefined {
  const text = q.trim();
  if (text.includes('@')) return normalizeEmail(text) ? { emailIndex: sealer.emailIndex(text) } : undefined;
  if (/^[\d\s()+.-]+$/.test(text)) return normalizePhone(text).length >= 8 ? { phoneIndex: sealer.phoneIndex(text) } : undefined;
  // The name index is of the whole name normalized ("first last"), so where the first name ends does not matter.
  if (normalizeName(text).split(' ').length < 2) return undefined;
  return { nameIndex: sealer.nameIndex(text, '') };
}

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
  /** A sealer under the store's search key: what is searched becomes the keyed hashes the store matches. */
  sealer: MessageSealer;
  now: () => Date;
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
  const inScope = (actor: Actor, site: string) => actor.cities === null || actor.cities.includes(site);

  /** The message `id` as the actor may see it: a message of a city outside a front desk's is as good as absent. */
  const visible = async (c: Context<AppEnv>, id: string): Promise<MessageDetail | Response> => {
    c.set('auditObject', `message=${id.slice(0, 64)}`);
    const m = await inbox.get(id);
    if (m) c.set('auditCity', m.site);
    if (!m || !inScope(actorOf(c), m.site)) return apiError(c, 404, { error: M.messageNotFound });
    return m;
  };

  const list = async (c: Context<AppEnv>, q: z.infer<typeof listQuery>, lookup?: InboxFilter['lookup']) => {
    const actor = actorOf(c);
    c.set('auditCity', q.site ?? '');
    if (q.site !== undefined && !inScope(actor, q.site)) return apiError(c, 403, { error: M.cityForbidden });
    const filter: InboxFilter = {
      scope: actor.cities,
      site: q.site,
      status: q.status,
      assigneeId: q.assignee === undefined ? undefined : q.assignee === 'none' ? '' : q.assignee,
      from: q.from,
      to: q.to,
      lookup,
    };
    const page = await inbox.page(filter, q.page, q.pageSize);
    return c.json({ success: true, ...page, page: q.page, pageSize: q.pageSize });
  };

  app.get('/api/inbox', async (c) => {
    const q = parseQuery(c, listQuery);
    if (!q.ok) return q.response;
    return list(c, q.value);
  });

  app.post('/api/inbox/search', async (c) => {
    const b = await parseBody(c, searchBody, MAX_BODY);
    if (!b.ok) return b.response;
    const lookup = lookupOf(b.value.q, o.sealer);
    if (!lookup) return apiError(c, 400, fieldFailure({ q: M.inboxSearchInvalid.title }));
    c.set('auditObject', 'search');
    return list(c, b.value, lookup);
  });

  // Who a message can be given to: the front desk, with the cities each works.
  app.get('/api/inbox/assignees', async (c) => {
    const staff = (await accounts.list()).filter((a) => a.role === 'frontdesk');
    return c.json({ success: true, assignees: staff.map((a) => ({ id: a.id, name: a.name || a.email, email: a.email, cities: a.cities, active: a.active })) });
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
      if (!a || !a.active || a.role !== 'frontdesk' || (a.cities !== null && !a.cities.includes(m.site))) return apiError(c, 400, fieldFailure({ assigneeId: M.assigneeInvalid.title }));
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
