import * as z from 'zod';
import { REQUIRED_FACT_LABELS, type RequiredFact } from '../config/required-facts.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { apiRoute } from './route.js';
import { fieldChange } from './city-history.js';

// A city's history, compare, one version and restore (issue 39 item 1): their own module, part of this contract.
export * from './city-history.js';

/**
 * The saved cities' calls (docs/decisions/012-stored-cities.md, 026-one-contract-a-route.md): the
 * list, one city, create, save, delete, import, the deploy of a saved version, the doorway check,
 * redeploy-all runs and one city's releases. The server answers with these
 * (src/server/cities/*-routes.ts, `answerOf`), the admin calls them (src/admin/cities-api.ts).
 * A config is checked by the one clinic schema on the server (cities/save.ts), so here it is only typed.
 */

const ok = { success: z.literal(true) };
/** A clinic config as the admin form holds it and the server checks it (src/config/schema.ts). */
const config = z.custom<ClinicConfigInput>();
const pin = z.object({ releaseId: z.string(), at: z.string() });

/**
 * The facts a city was saved without (issue 39 item 3, config/required-facts.ts): it is kept, and
 * builds nowhere until they are given. Absent when it gives them all.
 */
const missing = z.array(z.enum(Object.keys(REQUIRED_FACT_LABELS) as [RequiredFact, ...RequiredFact[]])).optional();

/** GET /api/cities: one row a city. */
export const citySummary = z.object({
  slug: z.string(),
  businessName: z.string(),
  city: z.string(),
  state: z.string(),
  version: z.number(),
  savedAt: z.string(),
  live: z.boolean(),
  liveReleaseId: z.string().optional(),
  liveConfigVersion: z.number().optional(),
  lastDeployAt: z.string().optional(),
  messages30d: z.number(),
  /** The ZIP code and phone of its saved version, which the cities search matches (a ZIP, an area code). */
  zipCode: z.string().optional(),
  phone: z.string().optional(),
  /** The clinic this server serves as its own site: live there, deployed or not. */
  servedHere: z.boolean().optional(),
  /** Rolled back: pinned to this release, and skipped by redeploy-all until unpinned. */
  pinned: pin.optional(),
  /** Its latest version was saved without these facts (issue 39 item 3): it builds nowhere until they are given. */
  missing,
});
export type CitySummary = z.infer<typeof citySummary>;

/** One saved version of a city, as the server read it back. */
export const cityDetail = z.object({ slug: z.string(), version: z.number(), savedAt: z.string(), config, yaml: z.string() });
export type CityDetail = z.infer<typeof cityDetail>;

/** One file of an import that was saved. */
export const imported = z.object({ file: z.string(), slug: z.string(), version: z.number(), created: z.boolean() });
export type Imported = z.infer<typeof imported>;
/** One file of an import that was refused, with its `file:line:col field: message` lines (the 400's `failed`). */
export const importFailure = z.object({ file: z.string(), errors: z.array(z.string()) });
export type ImportFailure = z.infer<typeof importFailure>;

/** One city's line of the doorway check (GET /api/doorway-check; a refused deploy's `doorway`). */
export const doorwayLine = z.object({
  slug: z.string(),
  city: z.string(),
  verdict: z.enum(['distinct', 'too-alike', 'no-local-content', 'alone']),
  pass: z.boolean(),
  /** Share (0 to 1) of the city's own text its closest sibling's pages say too. */
  score: z.number(),
  localWords: z.number(),
  closest: z.object({ slug: z.string(), city: z.string() }).nullable(),
  advice: z.array(z.object({ field: z.string(), status: z.string(), message: z.string() })),
});
export type DoorwayLine = z.infer<typeof doorwayLine>;
/** A refused deploy's doorway check (the 409's `doorway`): the city's line, and the limits it was read against. */
export const doorwayAsked = doorwayLine.extend({ threshold: z.number(), minLocalWords: z.number() });
export type DoorwayAsked = z.infer<typeof doorwayAsked>;


/**
 * A live site Redeploy all leaves alone, with why: pinned to the release a rollback made live,
 * unchanged since its live release, or its latest saved version lacks facts (`missing`, issue 39
 * item 3); `releaseId`: the release that stays live.
 */
export const skippedSite = z.object({ slug: z.string(), city: z.string(), reason: z.enum(['pinned', 'unchanged', 'incomplete']), releaseId: z.string(), missing });

/** A redeploy-all run as the server reports it (src/server/cities/redeploy-runner.ts). */
export const redeployRun = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'interrupted']),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  items: z.array(
    z.object({
      slug: z.string(),
      city: z.string(),
      state: z.enum(['pending', 'deploying', 'ok', 'failed']),
      releaseId: z.string().optional(),
      configVersion: z.number().optional(),
      error: z.string().optional(),
    }),
  ),
  /** Live cities (and the brand site) the run left alone, with why (skippedSite). */
  skipped: z.array(skippedSite),
  summary: z.object({ ok: z.number(), failed: z.number(), pending: z.number() }),
  /** Who started it (issue 39 item 5); absent for runs from before it was recorded. */
  startedBy: z.object({ id: z.string(), label: z.string() }).optional(),
});
export type RedeployRun = z.infer<typeof redeployRun>;

/** One release of a site, newest first. */
export const release = z.object({
  id: z.string(),
  createdAt: z.string(),
  live: z.boolean(),
  /** The saved version of the city it was built from; absent for a site deployed from the form. */
  configVersion: z.number().optional(),
  /** Who deployed it (issue 39 item 5); absent for releases from before it was recorded. */
  deployedBy: z.string().optional(),
  /** Each time it was made live again by a rollback: when, and who ('' when not known). */
  rolledBack: z.array(z.object({ at: z.string(), by: z.string() })).optional(),
});
export type Release = z.infer<typeof release>;

/** One city's site and its releases, and nothing of any other city. */
export const cityReleasesView = z.object({
  slug: z.string(),
  city: z.string(),
  url: z.string(),
  /** The live release's id; null when the site is offline. */
  live: z.string().nullable(),
  contactEndpoint: z.string().optional(),
  releases: z.array(release),
  pinned: pin.nullable(),
});
export type CityReleases = z.infer<typeof cityReleasesView>;

export const listCities = apiRoute({ method: 'GET', path: '/api/cities', request: undefined, response: z.object({ ...ok, cities: z.array(citySummary) }) });

export const getCity = apiRoute({ method: 'GET', path: '/api/cities/:slug', request: undefined, response: z.object({ ...ok, ...cityDetail.shape }) });

export const createCity = apiRoute({
  method: 'POST',
  path: '/api/cities',
  request: z.object({ config }),
  response: z.object({ ...ok, city: z.object({ slug: z.string(), version: z.number(), savedAt: z.string() }), missing }),
});

/** Save: a new version unless the config equals the latest (`changed` false). */
export const saveCity = apiRoute({
  method: 'PUT',
  path: '/api/cities/:slug',
  request: z.object({ config, baseVersion: z.number().optional() }),
  response: z.object({ ...ok, slug: z.string(), version: z.number(), savedAt: z.string(), changed: z.boolean(), missing }),
});

/**
 * Delete (issue 39 item 1): the city goes to the trash, kept TRASH_DAYS days with its versions,
 * and its live site stays live unless the query says `site=offline`. `history=delete` forgets it
 * and its versions now, not kept in the trash, and takes its site offline with it.
 */
export const deleteCity = apiRoute({
  method: 'DELETE',
  path: '/api/cities/:slug',
  request: undefined,
  response: z.object({ ...ok, slug: z.string(), offline: z.boolean(), keptUntil: z.string().optional() }),
});

/** Days a deleted city stays in the trash, restorable with its versions. */
export const TRASH_DAYS = 30;

/** A city in the trash: its latest version, when it was deleted, until when it is kept, and whether its site is still live. */
export const trashedCity = z.object({ slug: z.string(), city: z.string(), state: z.string(), version: z.number(), deletedAt: z.string(), keptUntil: z.string(), live: z.boolean() });
export type TrashedCity = z.infer<typeof trashedCity>;

/** GET: the trash, newest deletion first. */
export const listTrash = apiRoute({ method: 'GET', path: '/api/cities-trash', request: undefined, response: z.object({ ...ok, cities: z.array(trashedCity) }) });

/** POST: a city back from the trash with its versions (its site as it is: live or not). */
export const restoreFromTrash = apiRoute({
  method: 'POST',
  path: '/api/cities-trash/:slug/restore',
  request: undefined,
  response: z.object({ ...ok, slug: z.string(), version: z.number() }),
});

/**
 * What the editor confirmed of an import (issue 39 item 2), by city slug: the saved version it
 * would replace, or null for a new city. A file of a city not listed, or whose city was saved (or
 * created) since, is refused with its reason and nothing of it is saved. Absent: every file is
 * saved, new or over the latest (scripts).
 */
const importExpect = z.record(z.string(), z.number().nullable());

/** Import: a 400 with `failed` (ImportFailure[]) beside `imported` when a file has errors. */
export const importCities = apiRoute({
  method: 'POST',
  path: '/api/cities/import',
  request: z.object({ files: z.array(z.object({ name: z.string(), text: z.string() })).min(1), expect: importExpect.optional() }),
  response: z.object({ ...ok, imported: z.array(imported) }),
});

/** One file of an import as it would be saved: a new city, a replacement with its changes, unchanged, or its errors. */
export const importPlanLine = z.object({
  file: z.string(),
  slug: z.string().optional(),
  city: z.string().optional(),
  state: z.enum(['new', 'replaces', 'unchanged', 'failed']),
  /** The saved version it replaces (or equals). */
  version: z.number().optional(),
  changes: z.array(fieldChange),
  errors: z.array(z.string()),
});
export type ImportPlanLine = z.infer<typeof importPlanLine>;

/** POST: what an import would do, file by file, before anything is saved (the same body as the import; `expect` ignored). */
export const planImport = apiRoute({
  method: 'POST',
  path: '/api/cities/import/plan',
  request: z.object({ files: z.array(z.object({ name: z.string(), text: z.string() })).min(1) }),
  response: z.object({ ...ok, files: z.array(importPlanLine) }),
});

/** The spec's deploy answer of a saved version; a 409 with `doorway` (DoorwayAsked) when the check fails and it was not confirmed. */
export const deployCity = apiRoute({
  method: 'POST',
  path: '/api/cities/:slug/deploy',
  request: z.object({ version: z.number().optional(), confirmDoorway: z.boolean().optional() }),
  response: z.object({
    ...ok,
    message: z.string(),
    deploymentUrl: z.string(),
    deploymentPath: z.string(),
    siteName: z.string(),
    releaseId: z.string(),
    configVersion: z.number(),
  }),
});

export const doorwayCheck = apiRoute({
  method: 'GET',
  path: '/api/doorway-check',
  request: undefined,
  response: z.object({ ...ok, threshold: z.number(), minLocalWords: z.number(), failCount: z.number(), cities: z.array(doorwayLine) }),
});

/** Starting redeploy-all: see startRedeploy in ./deploys.ts (issue 39 item 5, the plan it must match). */
export const latestRedeploy = apiRoute({ method: 'GET', path: '/api/redeploys/latest', request: undefined, response: z.object({ ...ok, run: redeployRun.nullable() }) });
export const getRedeploy = apiRoute({ method: 'GET', path: '/api/redeploys/:id', request: undefined, response: z.object({ ...ok, run: redeployRun }) });

export const cityReleases = apiRoute({ method: 'GET', path: '/api/cities/:slug/releases', request: undefined, response: z.object({ ...ok, ...cityReleasesView.shape }) });

/** Makes one of the city's releases live (back or forward); an older one pins the city. */
export const makeCityReleaseLive = apiRoute({
  method: 'POST',
  path: '/api/cities/:slug/releases/:id/live',
  request: undefined,
  response: z.object({ ...ok, message: z.string(), release: z.string(), pinned: z.boolean(), deploymentUrl: z.string() }),
});

/** Takes the city's site offline; the path names the live release the page showed. */
export const takeCityOffline = apiRoute({
  method: 'DELETE',
  path: '/api/cities/:slug/releases/:id',
  request: undefined,
  response: z.object({ ...ok, slug: z.string(), offline: z.literal(true) }),
});

export const unpinCity = apiRoute({ method: 'DELETE', path: '/api/cities/:slug/pin', request: undefined, response: z.object({ ...ok, slug: z.string(), pinned: z.literal(false) }) });

/** The YAML file of a version (`?version=n`, else the latest): a download, not JSON. */
export const exportCity = apiRoute({ method: 'GET', path: '/api/cities/:slug/export', request: undefined, response: z.string() });
