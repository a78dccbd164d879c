import * as z from 'zod';
import type { ClinicConfigInput } from '../config/schema.js';
import { apiRoute } from './route.js';

/**
 * A saved city's history (issue 39 item 1; docs/decisions/026-one-contract-a-route.md): its
 * versions with what changed in words, two compared, one version read, and Restore. Re-exported
 * by ./cities.ts, whose calls these are; the server answers them in src/server/cities/version-routes.ts.
 */

const ok = { success: z.literal(true) };
const config = z.custom<ClinicConfigInput>();

/** A field that differs between two versions: its config path (labelled as errors are), the text before and after. */
export const fieldChange = z.object({ path: z.string(), before: z.string(), after: z.string() });
export type FieldChangeView = z.infer<typeof fieldChange>;

/**
 * One line of a city's history (issue 39 item 1): when, who (the account's email or the token's
 * name; absent for versions saved before it was recorded), what changed from the version before
 * (none for the first), what it restored (when a Restore made it), and the releases built from it.
 */
export const historyLine = z.object({
  version: z.number(),
  savedAt: z.string(),
  savedBy: z.string().optional(),
  changes: z.array(fieldChange),
  restoredFrom: z.number().optional(),
  releases: z.array(z.string()),
});
export type HistoryLine = z.infer<typeof historyLine>;

/** GET: a city's saved versions, newest first. */
export const cityHistory = apiRoute({ method: 'GET', path: '/api/cities/:slug/versions', request: undefined, response: z.object({ ...ok, slug: z.string(), versions: z.array(historyLine) }) });

/** GET: what differs between two saved versions (`from`, `to` in the query), field by field. */
export const compareVersions = apiRoute({
  method: 'GET',
  path: '/api/cities/:slug/compare',
  request: undefined,
  response: z.object({ ...ok, slug: z.string(), from: z.number(), to: z.number(), changes: z.array(fieldChange) }),
});

/**
 * GET: one saved version: its config as it builds (a version saved before NOTES.md decision 14
 * with the facts it published then filled in), `written` as its text gives it (those facts
 * absent), and its YAML.
 */
export const cityVersion = apiRoute({
  method: 'GET',
  path: '/api/cities/:slug/versions/:version',
  request: undefined,
  response: z.object({ ...ok, slug: z.string(), version: z.number(), savedAt: z.string(), config, written: config, yaml: z.string() }),
});

/**
 * POST: Restore makes an earlier version's config the newest version (nothing is rewritten);
 * `baseVersion` must be the latest, as for a save. `changed` false: it already was the latest's.
 */
export const restoreVersion = apiRoute({
  method: 'POST',
  path: '/api/cities/:slug/versions/:version/restore',
  request: z.object({ baseVersion: z.number() }),
  response: z.object({ ...ok, slug: z.string(), version: z.number(), savedAt: z.string(), changed: z.boolean(), restoredFrom: z.number() }),
});
