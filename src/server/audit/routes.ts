import { Hono } from 'hono';
import * as z from 'zod';
import type { Context } from 'hono';
import { parseQuery } from '../http/validate.js';
import type { AppEnv } from '../http/app-env.js';
import { csvCell } from '../leads/index.js';
import type { AuditFilter, AuditRecord, AuditStore } from './store.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give a date like 2026-11-26.' }).optional();
const filterQuery = z.object({
  actor: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
  from: day,
  to: day,
  page: z.coerce.number({ error: 'Give a page number from 1.' }).int().min(1, { error: 'Give a page number from 1.' }).default(1),
  pageSize: z.coerce.number({ error: 'Give a page size from 1 to 200.' }).int().min(1).max(200, { error: 'Give a page size from 1 to 200.' }).default(50),
});

const COLUMNS = ['seq', 'at', 'actor', 'address', 'action', 'object', 'city', 'outcome', 'mac'] as const;
const row = (r: AuditRecord) => `${[String(r.seq), r.at, r.actorLabel || '(unknown)', r.address, r.action, r.object, r.city, String(r.outcome), r.mac].map(csvCell).join(',')}\r\n`;

/** The trail for owners (auth/permissions.ts): a page of it with its filters, and the CSV of a filter. */
export function auditRoutes(store: AuditStore, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** The query as a filter and a page, or the 400 naming each field at fault. */
  const parse = (c: Context<AppEnv>) => {
    const q = parseQuery(c, filterQuery);
    if (!q.ok) return q;
    const { actor, action, city, from, to, page, pageSize } = q.value;
    const filter: AuditFilter = { actorId: actor || undefined, action: action || undefined, city: city || undefined, from, to };
    return { ok: true as const, filter, page, pageSize };
  };

  app.get('/api/audit', async (c) => {
    const q = parse(c);
    if (!q.ok) return q.response;
    const [{ records, total }, facets] = await Promise.all([store.page(q.filter, q.page, q.pageSize), store.facets()]);
    return c.json({
      success: true,
      records: records.map((r) => ({ seq: r.seq, at: r.at, actor: r.actorId, actorName: r.actorLabel || '(unknown)', address: r.address, action: r.action, object: r.object, city: r.city, outcome: r.outcome })),
      total,
      page: q.page,
      pageSize: q.pageSize,
      actions: facets.actions,
      actors: facets.actors,
    });
  });

  app.get('/api/audit.csv', (c) => {
    const q = parse(c);
    if (!q.ok) return q.response;
    const chunks = store.each(q.filter)[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    let head = `\uFEFF${COLUMNS.map(csvCell).join(',')}\r\n`;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        const text = head + (next.done ? '' : next.value.map(row).join(''));
        head = '';
        if (text) controller.enqueue(encoder.encode(text));
        if (next.done) controller.close();
      },
    });
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${now().toISOString().slice(0, 10)}.csv"`,
    });
  });
  return app;
}
