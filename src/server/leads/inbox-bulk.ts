import { Hono, type Context } from 'hono';
import * as M from '../../texts/server.js';
import { inboxBulk } from '../../contract/inbox-bulk.js';
import { answerOf } from '../../contract/route.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import { readerScope } from './reader-scope.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { parseBody } from '../http/validate.js';
import type { InboxChange, InboxStore } from './inbox.js';
import type { InboxEvents } from './inbox-events.js';
import type { StaffDirectory } from './inbox-routes.js';

/** 200 ids of 100 characters each, and the rest. */
const MAX_BODY = 32 * 1024;

export interface InboxBulkOptions {
  inbox: InboxStore;
  accounts: StaffDirectory;
  now: () => Date;
  /** As inbox-routes.ts's: the cities this server knows (a front desk of every city reads those). */
  knownCities?: () => Promise<string[]>;
  /** Each message changed is told to the live inbox, as a change of one message is. */
  events?: InboxEvents;
}

/**
 * POST /api/inbox/bulk (issue 37 item 7; contract in src/contract/inbox-bulk.ts): the messages
 * selected in the inbox assigned, moved to a status, or closed with one reason, in one request.
 * Each id is checked as a single message is (inbox-routes.ts's `visible`): a message of a city
 * outside a front desk's answers `notFound` and is left as it is; the assignee must be able to read
 * each message's city, or the whole request is refused. The guard records it once
 * (`message.bulk`), naming the messages changed and the change, never a patient's words.
 */
export function inboxBulkRoutes(o: InboxBulkOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { scopeOf, assigneeScope } = readerScope(o.knownCities);

  app.post(inboxBulk.path, async (c: Context<AppEnv>) => {
    c.set('auditObject', 'bulk');
    const b = await parseBody(c, inboxBulk.request, MAX_BODY);
    if (!b.ok) return b.response;
    const { assigneeId, status, closeReason } = b.value;
    const ids = [...new Set(b.value.ids)];
    const actor = c.get('actor') as Actor;
    const scope = await scopeOf(actor);

    // Every id first, as one message is read: absent, or of a city outside the actor's, is not found.
    const found = new Map<string, string>();
    for (const id of ids) {
      const m = await o.inbox.get(id);
      if (m && (scope === null || scope.includes(m.site))) found.set(id, m.site);
    }

    // The assignee reads every message it is given: an owner, or an active front desk of each city.
    if (assigneeId !== undefined && assigneeId !== null) {
      const a = await o.accounts.byId(assigneeId);
      const theirs = await assigneeScope(a);
      const reads = theirs !== undefined && [...found.values()].every((site) => theirs === null || theirs.includes(site));
      if (!reads) return apiError(c, 400, fieldFailure({ assigneeId: M.assigneeInvalid.title }));
    }

    const change: InboxChange = {};
    if (assigneeId !== undefined) change.assigneeId = assigneeId;
    if (status !== undefined) {
      change.status = status;
      change.closeReason = closeReason ?? null;
    }
    const at = o.now().toISOString();
    const changed: { id: string; site: string }[] = [];
    for (const id of ids) {
      if (!found.has(id)) continue;
      const updated = await o.inbox.update(id, change, at);
      if (updated) changed.push({ id, site: updated.site });
      else found.delete(id);
    }

    const sites = [...new Set(changed.map((m) => m.site))];
    c.set('auditCity', sites.length === 1 ? sites[0]! : '');
    const what = [
      assigneeId !== undefined ? `assignee=${assigneeId ?? 'none'}` : '',
      status !== undefined ? `status=${status}${closeReason ? ` reason=${closeReason}` : ''}` : '',
    ].filter(Boolean);
    c.set('auditObject', `count=${changed.length}${changed.length ? ` messages=${changed.map((m) => m.id).join(',')}` : ''} ${what.join(' ')}`);

    for (const m of changed) {
      if (assigneeId !== undefined) o.events?.publish({ kind: 'assign', id: m.id, site: m.site, by: actor.accountId ?? '' });
      if (status !== undefined) o.events?.publish({ kind: 'status', id: m.id, site: m.site, by: actor.accountId ?? '' });
    }
    return c.json(answerOf(inboxBulk, { success: true, results: b.value.ids.map((id) => ({ id, result: found.has(id) ? ('ok' as const) : ('notFound' as const) })), changed: changed.length }));
  });
  return app;
}
