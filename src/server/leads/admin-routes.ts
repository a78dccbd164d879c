import { Hono } from 'hono';
import * as z from 'zod';
import { SAFE_SLUG } from '../../config/slug.js';
import { siteInvalid } from '../../texts/contact.js';
import { pageInvalid, pageSizeInvalid } from '../../texts/server.js';
import { recentRefusals, type RefusalStore } from './refusals.js';
import type { MessageStore } from './store.js';
import type { AppEnv } from '../http/app-env.js';
import { messagesCsvStream } from './csv.js';
import { parseQuery } from '../http/validate.js';
import { messageRefusals, messagesByCity } from '../../contract/messages.js';
import { answerOf } from '../../contract/route.js';

/** `site`: a city slug, or '' for the messages of no known site; absent, every message. */
const siteFilter = z
  .string()
  .refine((v) => v === '' || SAFE_SLUG.test(v), { error: siteInvalid.title })
  .optional();

/** Query of GET /api/messages: page from 1, pageSize 1-200 (default 50), an optional site. */
const pageQuery = z.object({
  page: z.coerce.number({ error: pageInvalid.title }).int({ error: pageInvalid.title }).min(1, { error: pageInvalid.title }).default(1),
  pageSize: z.coerce
    .number({ error: pageSizeInvalid.title })
    .int({ error: pageSizeInvalid.title })
    .min(1, { error: pageSizeInvalid.title })
    .max(200, { error: pageSizeInvalid.title })
    .default(50),
  site: siteFilter,
});

/**
 * Admin-only reading of the stored messages: a page of them (of one city, or all; the owner's, the
 * spec's API: everyone else reads messages in the inbox), the count per city, the CSV export.
 * Protection comes from adminGuard (auth/permissions.ts), which runs before these routes for every
 * path under /api.
 */
export function messageRoutes(store: MessageStore, refusals: RefusalStore, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/api/messages', async (c) => {
    const q = parseQuery(c, pageQuery);
    if (!q.ok) return q.response;
    const { page, pageSize, site } = q.value;
    const { messages, total } = await store.list(page, pageSize, { site });
    // The trail names the messages shown (ids only; a page holds at most 200), as the inbox's list does.
    c.set('auditObject', `count=${messages.length}${messages.length ? ` messages=${messages.map((m) => m.id).join(',')}` : ''}`);
    return c.json({ success: true, messages, page, pageSize, total });
  });

  // Per city: messages of the last 7 and 30 days and in all (decision 010).
  app.get(messagesByCity.path, async (c) => c.json(answerOf(messagesByCity, { success: true, cities: await store.countBySite(now()) })));

  // Refused posts of the last 7 days by reason and origin: a host whose every post fails is seen on its first day.
  app.get(messageRefusals.path, async (c) => c.json(answerOf(messageRefusals, { success: true, days: 7, refusals: await recentRefusals(refusals, now(), 7) })));

  app.get('/api/messages.csv', (c) => {
    const q = parseQuery(c, z.object({ site: siteFilter }));
    if (!q.ok) return q.response;
    const { site } = q.value;
    const day = now().toISOString().slice(0, 10);
    return c.body(messagesCsvStream(store.all({ site })), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages-${site ? `${site}-` : ''}${day}.csv"`,
    });
  });

  return app;
}
