import { Hono } from 'hono';
import * as C from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import { cityNotInTrash } from '../../texts/cities.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { errorFields, type Logger } from '../log/logger.js';
import { slugParam, type CityRouteDeps } from './context.js';
import { repeatInBackground } from '../workers/repeat.js';

/**
 * The trash (issue 39 item 1): a deleted city is kept C.TRASH_DAYS days with its versions and can
 * be brought back with them; its site is as the delete left it (live unless the editor took it
 * offline). Deletions older than that are forgotten, versions and all, at each delete and each
 * look at the trash, and each hour while the server runs (scheduleTrashPurge), so a city is never
 * kept long past the days the admin promised because nobody opened the trash.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a city deleted at `deletedAt` is kept. */
export const trashEnd = (deletedAt: string) => new Date(Date.parse(deletedAt) + C.TRASH_DAYS * DAY_MS).toISOString();

/** Forgets the deletions older than the trash keeps. */
export async function purgeOldTrash(d: Pick<CityRouteDeps, 'cities' | 'now'>): Promise<string[]> {
  return d.cities.purgeDeleted(new Date(d.now().getTime() - C.TRASH_DAYS * DAY_MS).toISOString());
}

/** How often a running server forgets the deletions past the trash's days. */
export const TRASH_PURGE_MS = 60 * 60 * 1000;

/** Runs purgeOldTrash now and every TRASH_PURGE_MS; the timer never keeps the process alive. Answers a stop. */
export function scheduleTrashPurge(d: Pick<CityRouteDeps, 'cities' | 'now'> & { logger?: Logger; everyMs?: number }): () => void {
  const stop = repeatInBackground(
    () =>
      purgeOldTrash(d).then(
        (slugs) => slugs.length > 0 && d.logger?.info('cities.trash_purged', { count: slugs.length, cities: slugs.join(', '), days: C.TRASH_DAYS }),
        (err: unknown) => d.logger?.warn('cities.trash_purge_failed', errorFields(err)),
      ),
    d.everyMs ?? TRASH_PURGE_MS,
  );
  return () => void stop();
}

export function trashRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(C.listTrash.path, async (c) => {
    await purgeOldTrash(d);
    const [trashed, live] = await Promise.all([d.cities.trash(), d.releases.list()]);
    const liveSites = new Set(live.map((l) => l.siteName));
    const cities = trashed.map((v) => ({ slug: v.slug, city: v.city, state: v.state, version: v.version, deletedAt: v.deletedAt, keptUntil: trashEnd(v.deletedAt), live: liveSites.has(v.slug) }));
    return c.json(answerOf(C.listTrash, { success: true, cities }));
  });

  app.post(C.restoreFromTrash.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    await purgeOldTrash(d);
    if (!(await d.cities.undelete(s.slug))) return apiError(c, 404, { error: cityNotInTrash(s.slug) });
    const latest = await d.cities.latest(s.slug);
    c.set('auditObject', `version=${latest?.version ?? 0}`);
    return c.json(answerOf(C.restoreFromTrash, { success: true, slug: s.slug, version: latest?.version ?? 0 }));
  });
  return app;
}
