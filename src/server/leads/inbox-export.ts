import { LANGUAGE_INFO } from '../../config/languages.js';
import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../http/app-env.js';
import { parseQuery } from '../http/validate.js';
import { csvCell } from './csv.js';
import type { InboxFilter, InboxStore } from './inbox.js';
import { inboxListQuery } from '../../contract/inbox.js';

/** The columns of the inbox's export (issue 37 item 7): the work on each message, never its notes or text. */
export const INBOX_CSV_COLUMNS = ['receivedAt', 'city', 'firstName', 'lastName', 'email', 'phone', 'service', 'language', 'status', 'assignee', 'closeReason'] as const;

/** Messages read a page at a time: an export never holds more than this many at once. */
const PAGE = 200;

const exportQuery = inboxListQuery.pick({ site: true, status: true, assignee: true, language: true, from: true, to: true, open: true });

/**
 * GET /api/inbox.csv: the owner's export of the inbox's current filter (city, status, assignee,
 * dates), as a spreadsheet reads it (RFC 4180 cells, formula-guarded; a byte-order mark). The guard
 * keeps it to owners and records it (auth/permissions.ts); the record names the filter and the count
 * (`count=<n>`), never a patient's words. A search is not exported: its terms would have to travel
 * in the address.
 */
export function inboxExportRoutes(o: { inbox: InboxStore; staffNames: () => Promise<Map<string, string>> }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/api/inbox.csv', async (c) => {
    const q = parseQuery(c, exportQuery);
    if (!q.ok) return q.response;
    const f = q.value;
    c.set('auditCity', f.site ?? '');
    const filter: InboxFilter = {
      scope: null,
      site: f.site || undefined,
      status: f.status,
      assigneeId: f.assignee === undefined ? undefined : f.assignee === 'none' ? '' : f.assignee,
      language: f.language,
      from: f.from,
      to: f.to,
      open: f.open === 'true' || undefined,
    };
    const names = await o.staffNames();
    const rows: string[] = [`\uFEFF${INBOX_CSV_COLUMNS.map(csvCell).join(',')}\r\n`];
    let count = 0;
    for (let page = 1; ; page++) {
      const { items, total } = await o.inbox.page(filter, page, PAGE);
      for (const item of items) {
        const m = await o.inbox.get(item.id);
        if (!m) continue;
        const cells: Record<(typeof INBOX_CSV_COLUMNS)[number], string> = {
          receivedAt: m.receivedAt,
          city: m.city || m.site,
          firstName: m.firstName,
          lastName: m.lastName,
          email: m.email,
          phone: m.phone,
          service: m.service,
          // The language of the page the message was sent from (issue 40): English or Spanish.
          language: LANGUAGE_INFO[m.language].english,
          status: m.status,
          assignee: m.assigneeId === null ? '' : (names.get(m.assigneeId) ?? 'Someone no longer on staff'),
          closeReason: m.closeReason ?? '',
        };
        rows.push(`${INBOX_CSV_COLUMNS.map((k) => csvCell(cells[k])).join(',')}\r\n`);
        count++;
      }
      if (page * PAGE >= total || items.length === 0) break;
    }
    // The guard's record names the path with the filter (its query); this adds how many went out.
    c.set('auditObject', `count=${count}`);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(rows.join(''), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages-${f.site || 'all-cities'}-${day}.csv"`,
      'Cache-Control': 'no-store',
    });
  });
  return app;
}
