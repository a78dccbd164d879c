import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageStore } from '../store/types.js';
import type { AppEnv } from '../types.js';
import { messagesCsv } from './csv.js';

/** Query of GET /api/messages: page from 1, pageSize 1-200 (default 50). */
const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int({ error: 'page must be a whole number from 1' }).min(1, { error: 'page must be a whole number from 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 200' })
    .int({ error: 'pageSize must be a whole number from 1 to 200' })
    .min(1, { error: 'pageSize must be a whole number from 1 to 200' })
    .max(200, { error: 'pageSize must be a whole number from 1 to 200' })
    .default(50),
});

/**
 * Admin-only reading of the stored messages. Protection comes from adminGuard, which runs before
 * these routes for every path under /api.
 */
export function messageRoutes(store: MessageStore, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/api/messages', (c) => {
    const parsed = pageQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'query')] ??= issue.message;
      return c.json({ success: false, errors }, 400);
    }
    const { page, pageSize } = parsed.data;
    const { messages, total } = store.list(page, pageSize);
    return c.json({ success: true, messages, page, pageSize, total });
  });

  app.get('/api/messages.csv', (c) => {
    const day = now().toISOString().slice(0, 10);
    return c.body(messagesCsv(store.all()), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages-${day}.csv"`,
    });
  });

  return app;
}
