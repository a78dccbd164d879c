import * as z from 'zod';
import type { BrandInput } from '../config/brand.js';
import { apiRoute } from './route.js';

/**
 * The brand settings' and the brand site's calls (src/config/brand.ts, issue 24; decision 026): the
 * server answers with these (src/server/brand/routes.ts, src/server/brand-site/routes.ts), the admin
 * calls them (src/admin/brand-api.ts, brand-site-api.ts). The settings are checked by the brand
 * schema on the server (brand/store.ts), so here they are only typed.
 */

const ok = { success: z.literal(true) };
const brand = z.custom<BrandInput>();

/** The brand settings (kept in the server's store), or the served clinic's brand before any is saved. */
export const getBrand = apiRoute({ method: 'GET', path: '/api/brand', request: undefined, response: z.object({ ...ok, brand, stored: z.boolean() }) });
/** Owner and editor; field errors as the city form's. */
export const saveBrand = apiRoute({ method: 'PUT', path: '/api/brand', request: z.object({ brand }), response: z.object({ ...ok, brand }) });

/** The brand site as GET /api/brand-site shows it. */
export const brandSiteState = z.object({
  siteName: z.string(),
  domainName: z.string().nullable(),
  businessName: z.string().nullable(),
  /** The brand settings and the saved cities make a brand site. */
  ready: z.boolean(),
  /** No brand site domain in the brand settings yet. */
  noDomain: z.boolean(),
  /** Why it cannot be built (`brand.yaml:3:5 locations.FL[1]: no saved city atlantis`). */
  errors: z.array(z.string()),
  locations: z.array(z.object({ slug: z.string(), city: z.string(), state: z.string(), path: z.string(), version: z.number() })),
  url: z.string().nullable(),
  live: z.string().nullable(),
  newest: z.string().nullable(),
  /**
   * Newest first. Who deployed each (issue 39 item 5; absent for a release from before it was
   * recorded), and each time someone made it live again (a rollback, or Make live), newest first.
   */
  releases: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      live: z.boolean(),
      deployedBy: z.string().optional(),
      rolledBack: z.array(z.object({ at: z.string(), by: z.string() })).optional(),
    }),
  ),
  /** A rollback holds it on an older release: redeploy-all skips it. */
  pinned: z.boolean(),
  /** The live release differs from what the saved settings and cities would build. */
  changed: z.boolean(),
  changes: z.array(z.string()),
});
export type BrandSiteState = z.infer<typeof brandSiteState>;

/** A refused deploy's doorway check (the 409's `doorway`): each listed city that fails it. */
export const brandDoorway = z.object({
  threshold: z.number(),
  minLocalWords: z.number(),
  failing: z.array(
    z.object({
      slug: z.string(),
      city: z.string(),
      verdict: z.string(),
      score: z.number(),
      localWords: z.number(),
      closest: z.object({ slug: z.string(), city: z.string() }).nullable(),
    }),
  ),
});
export type BrandDoorway = z.infer<typeof brandDoorway>;

/**
 * The brand's own pages (home, treatments, policies, directory, states), compared with each other
 * and reported apart from the locations, never failing a deploy (issue 36 item 8): how many, and
 * the two most alike.
 */
export const brandPagesSummary = z.object({
  pages: z.number(),
  closest: z.object({ a: z.string(), b: z.string(), score: z.number() }).nullable(),
});
export type BrandPagesSummary = z.infer<typeof brandPagesSummary>;

export const getBrandSite = apiRoute({ method: 'GET', path: '/api/brand-site', request: undefined, response: z.object({ ...ok, ...brandSiteState.shape }) });
/** A preview on the sites listener (201). */
export const previewBrandSite = apiRoute({
  method: 'POST',
  path: '/api/brand-site/preview',
  request: z.object({}),
  response: z.object({ ...ok, id: z.string(), url: z.string(), warnings: z.array(z.string()) }),
});
/** The spec's deploy answer with the brand's own pages compared (`brandPages`); a 409 with `doorway` (BrandDoorway) and `brandPages` when listed cities fail the check and it was not confirmed. */
export const deployBrandSite = apiRoute({
  method: 'POST',
  path: '/api/brand-site/deploy',
  request: z.object({ confirmDoorway: z.boolean().optional() }),
  response: z.object({ ...ok, message: z.string(), deploymentUrl: z.string(), deploymentPath: z.string(), siteName: z.string(), releaseId: z.string(), brandPages: brandPagesSummary }),
});
/** Makes a release live (rollback, or back to the newest); an older one pins the brand site. */
export const makeBrandReleaseLive = apiRoute({
  method: 'POST',
  path: '/api/brand-site/releases/:id/live',
  request: undefined,
  response: z.object({ ...ok, message: z.string(), release: z.string(), pinned: z.boolean() }),
});
/** The zip (with DEPLOY.md): a download, not JSON. */
export const packageBrandSite = apiRoute({ method: 'POST', path: '/api/brand-site/package', request: z.object({}), response: z.instanceof(Blob) });
