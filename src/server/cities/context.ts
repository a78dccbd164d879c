import type { Context } from 'hono';
import { citySlugInvalid, cityNotStored, cityVersionInvalid } from '../../texts/cities.js';
import { isSiteName } from '../bundle/names.js';
import type { ReleaseStore } from '../releases/index.js';
import { apiError } from '../http/api-error.js';
import type { MessageStore } from '../leads/index.js';
import type { AppEnv } from '../http/app-env.js';
import type { VersionDeployer } from './deploy-version.js';
import type { DoorwayCheck } from './doorway-check.js';
import type { RedeployRunner } from './redeploy-runner.js';
import type { CityStore } from './types.js';

/** What the city routes need; createApps gives it (one release store, one runner for the process). */
export interface CityRouteDeps {
  cities: CityStore;
  releases: ReleaseStore;
  /** For each city's messages of the last 30 days. */
  messages: MessageStore;
  deployer: VersionDeployer;
  runner: RedeployRunner;
  now: () => Date;
  /** PUBLIC_URL's origin: where sites post their forms; else the origin the admin was reached at. */
  publicOrigin?: string;
  /** The deployment URL of a site, for a request to the admin. */
  deploymentUrl: (requestUrl: string, siteName: string) => string;
  /** Called after a delete changed what is live. */
  changed: () => void;
  /** The slug of the clinic this server serves as its own site: live without a release. */
  home?: string;
  /** The doorway check of the saved cities, shared with the spec's deploy route (default: one of these routes' own). */
  doorway?: DoorwayCheck;
}

/** Where sites deployed by this request post their forms, and the request itself. */
export function placeOf(c: Context<AppEnv>, publicOrigin: string | undefined) {
  return { serverOrigin: publicOrigin ?? new URL(c.req.url).origin, requestUrl: c.req.url };
}

/** The `:slug` of the path, checked to be a site name, or the 400 to answer with. */
export function slugParam(c: Context<AppEnv>): { ok: true; slug: string } | { ok: false; response: Response } {
  const slug = c.req.param('slug');
  return isSiteName(slug) ? { ok: true, slug } : { ok: false, response: apiError(c, 400, { error: citySlugInvalid }) };
}

/** A version number from a path, query or body: a whole number from 1. */
export function versionNumber(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** 400 for a version that is not a whole number from 1. */
export const badVersion = (c: Context<AppEnv>) => apiError(c, 400, { error: cityVersionInvalid });

/** 404 for a city that is not stored (or deleted). */
export const noCity = (c: Context<AppEnv>, slug: string) => apiError(c, 404, { error: cityNotStored(slug) });
