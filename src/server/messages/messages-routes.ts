import { Hono } from 'hono';
import { z } from 'zod';
import { pageInvalid, pageSizeInvalid } from '../../messages/server.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { MessageStore } from '../store/types.js';
import type { AppEnv } from '../types.js';
import { messagesCsv } from './csv.js';

/** Query of GET /api/messages: page from 1, pageSize 1-200 (default 50). */
const pageQuery = z.object({
  page: z.coerce.number({ error: pageInvalid.title }).int({ error: pageInvalid.title }).min(1, { error: pageInvalid.title }).default(1),
  pageSize: z.coerce
    .number({ error: pageSizeInvalid.title })
    .int({ error: pageSizeInvalid.title })
    .min(1, { error: pageSizeInvalid.title })
    .max(200, { error: pageSizeInvalid.title })
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
      return apiError(c, 400, fieldFailure(errors));
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
