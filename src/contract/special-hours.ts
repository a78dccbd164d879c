import * as z from 'zod';
import { SAFE_SLUG } from '../config/slug.js';
import { specialHoursEntry } from '../config/special-hours.js';
import { bulkHoursNotConfirmed, bulkHoursSlugsRepeated } from '../texts/cities.js';
import { apiRoute } from './route.js';

/**
 * Special hours for several cities in one step (issue 39 item 9): one entry (Thanksgiving, closed)
 * planned for the chosen cities, then saved as a new version of each and the live ones redeployed.
 * The server answers with these (src/server/cities/special-hours-bulk-routes.ts), the admin calls
 * them (src/admin/cities/special-hours-api.ts). The entry is the config's own (config/special-hours.ts),
 * so the admin's preview, the server's checks and the pages read it alike.
 */

const ok = { success: z.literal(true) };

/** The most cities one change takes: a chain of clinics, with room; more are refused whole. */
export const BULK_HOURS_MAX_CITIES = 500;

const slugs = z
  .array(z.string().regex(SAFE_SLUG, { error: 'expected city slugs like wesley-chapel' }), { error: 'expected a list of city slugs' })
  .min(1, { error: 'expected at least one city' })
  .max(BULK_HOURS_MAX_CITIES, { error: `expected at most ${BULK_HOURS_MAX_CITIES} cities in one change` })
  .refine((s) => new Set(s).size === s.length, { error: bulkHoursSlugsRepeated.title });

/** What both calls take: the cities, and the one entry. */
export const bulkHoursAsk = z.strictObject({ slugs, entry: specialHoursEntry });

/** The save also names, per city, the version the preview showed: a city saved since is refused, not overwritten. */
export const bulkHoursSave = bulkHoursAsk
  .extend({ expect: z.record(z.string(), z.number().int().min(1), { error: 'expected the version of each city the preview showed, by slug' }) })
  .superRefine((b, ctx) => {
    for (const slug of b.slugs) if (b.expect[slug] === undefined) ctx.addIssue({ code: 'custom', path: ['expect', slug], message: bulkHoursNotConfirmed(slug).title });
  });

/** The entry as pages write it (pages/display-format.ts specialHoursRow): `Thanksgiving`, `Thursday, November 26, 2026`, `Closed`. */
export const entryShown = z.object({ label: z.string(), when: z.string(), time: z.string(), sentence: z.string() });
export type EntryShown = z.infer<typeof entryShown>;

/** What happens to a city's site: redeployed (live), saved only (pinned by a rollback, or not deployed). */
export const siteFate = z.enum(['redeploy', 'pinned', 'not-deployed']);

/** One city of the plan. `problem`: why it cannot take the entry (not saved, a conflict, the schema); then it is not saved. */
export const bulkHoursPlanLine = z.object({
  slug: z.string(),
  city: z.string(),
  state: z.string(),
  version: z.number(),
  /** Whether the city's home and contact pages list the entry when built today (its time zone): not when it is over, or after the first few ahead. */
  shown: z.boolean(),
  site: siteFate,
  /** Why the site is not redeployed, when it is not. */
  siteNote: z.string().optional(),
  /** The entry of the city's own that shares a day with this one, as pages write it. */
  conflict: z.string().optional(),
  problem: z.string().optional(),
});
export type BulkHoursPlanLine = z.infer<typeof bulkHoursPlanLine>;

/** One city of a save: saved as `version` (then redeployed, skipped or failed), or refused with its status and reason. */
export const bulkHoursSaveLine = z.object({
  slug: z.string(),
  city: z.string(),
  status: z.number(),
  saved: z.boolean(),
  version: z.number().optional(),
  reason: z.string().optional(),
  deploy: z.enum(['redeployed', 'skipped', 'failed', 'none']),
  releaseId: z.string().optional(),
  deployNote: z.string().optional(),
});
export type BulkHoursSaveLine = z.infer<typeof bulkHoursSaveLine>;

/** POST /api/cities/special-hours/plan: what the change would do, city by city; nothing saved. */
export const planBulkHours = apiRoute({
  method: 'POST',
  path: '/api/cities/special-hours/plan',
  request: bulkHoursAsk,
  response: z.object({ ...ok, entry: entryShown, cities: z.array(bulkHoursPlanLine) }),
});

/** POST /api/cities/special-hours: saves the entry for each city, then redeploys the live, unpinned ones. */
export const saveBulkHours = apiRoute({
  method: 'POST',
  path: '/api/cities/special-hours',
  request: bulkHoursSave,
  response: z.object({ ...ok, entry: entryShown, saved: z.number(), redeployed: z.number(), cities: z.array(bulkHoursSaveLine) }),
});
