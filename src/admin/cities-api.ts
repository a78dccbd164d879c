import type { ClinicConfigInput } from '../config/schema.js';
import { call, getJson } from './api.js';

export { call, type Answer } from './api.js';

/**
 * The calls of the saved cities (docs/decisions/012-stored-cities.md): the list, one city, save, import, delete,
 * deploy of a stored version and redeploy-all runs. Calls whose failure the operator must read
 * return it as a value (`{ ok: false, status, failure }`); plain reads throw (and are logged).
 */

/** GET /api/cities: one row a city. */
export interface CitySummary {
  slug: string;
  businessName: string;
  city: string;
  state: string;
  version: number;
  savedAt: string;
  live: boolean;
  liveReleaseId?: string;
  liveConfigVersion?: number;
  lastDeployAt?: string;
  messages30d: number;
  /** The clinic this server serves as its own site: live there, deployed or not. */
  servedHere?: boolean;
  /** Rolled back: pinned to this release, and skipped by redeploy-all until unpinned. */
  pinned?: { releaseId: string; at: string };
}

/** GET /api/cities/:slug: the latest version, as saved. */
export interface CityDetail {
  slug: string;
  version: number;
  savedAt: string;
  config: ClinicConfigInput;
}

/** What Save answers. */
export interface Saved {
  slug: string;
  version: number;
  savedAt: string;
  /** False when the config equalled the latest version (no version added). */
  changed: boolean;
}

/** One file of an import that was refused, with its `file:line:col field: message` lines. */
export interface ImportFailure {
  file: string;
  errors: string[];
}

export interface Imported {
  file: string;
  slug: string;
  version: number;
  created: boolean;
}

/** A redeploy-all run as GET /api/redeploys/:id answers it. */
export interface RedeployRun {
  id: string;
  state: 'running' | 'done' | 'interrupted';
  startedAt: string;
  finishedAt?: string;
  items: { slug: string; city: string; state: 'pending' | 'deploying' | 'ok' | 'failed'; releaseId?: string; configVersion?: number; error?: string }[];
  /** Live cities (and the brand site) the run left alone: pinned to the release a rollback made live, or unchanged since their live release. */
  skipped?: { slug: string; city: string; reason: 'pinned' | 'unchanged'; releaseId: string }[];
  summary: { ok: number; failed: number; pending: number };
}

const path = (slug: string) => `/api/cities/${encodeURIComponent(slug)}`;

export const listCities = () => getJson<{ cities: CitySummary[] }>('/api/cities').then((r) => r.cities);
export const getCity = (slug: string) => getJson<CityDetail>(path(slug));
export const createCity = (config: ClinicConfigInput) => call<{ city: Omit<Saved, 'changed'> }>('POST', '/api/cities', { config });
export const saveCity = (slug: string, config: ClinicConfigInput, baseVersion: number) => call<Saved>('PUT', path(slug), { config, baseVersion });
export const deleteCity = (slug: string, history: boolean) => call<{ offline: boolean }>('DELETE', `${path(slug)}${history ? '?history=delete' : ''}`);
export const importFiles = (files: { name: string; text: string }[]) =>
  call<{ imported: Imported[] }>('POST', '/api/cities/import', { files });
export const deployCity = (slug: string, version: number, confirmDoorway?: boolean) =>
  call<{ success: boolean; message?: string; deploymentUrl?: string; releaseId?: string; configVersion?: number }>('POST', `${path(slug)}/deploy`, {
    version,
    ...(confirmDoorway ? { confirmDoorway: true } : {}),
  });

/** One city's line of the doorway check (GET /api/doorway-check; a refused deploy's `doorway`). */
export interface DoorwayLine {
  slug: string;
  city: string;
  verdict: 'distinct' | 'too-alike' | 'no-local-content' | 'alone';
  pass: boolean;
  /** Share (0 to 1) of the city's own text its closest sibling's pages say too. */
  score: number;
  localWords: number;
  closest: { slug: string; city: string } | null;
  advice: { field: string; status: string; message: string }[];
}

/** GET /api/doorway-check: every saved city's verdict and score against its closest sibling. */
export const doorwayCheck = () => getJson<{ threshold: number; minLocalWords: number; failCount: number; cities: DoorwayLine[] }>('/api/doorway-check');
export const startRedeploy = () => call<{ run: RedeployRun }>('POST', '/api/cities/redeploy-all');
export const getRun = (id: string) => getJson<{ run: RedeployRun }>(`/api/redeploys/${encodeURIComponent(id)}`).then((r) => r.run);
export const latestRun = () => getJson<{ run: RedeployRun | null }>('/api/redeploys/latest').then((r) => r.run);
export const exportUrl = (slug: string) => `${path(slug)}/export`;

/** One release of a site, newest first. */
export interface Release {
  id: string;
  createdAt: string;
  live: boolean;
  /** The saved version of the city it was built from; absent for a site deployed from the form. */
  configVersion?: number;
}

/** GET /api/cities/:slug/releases: one city's site and its releases, and nothing of any other city. */
export interface CityReleases {
  slug: string;
  city: string;
  url: string;
  /** The live release's id; null when the site is offline. */
  live: string | null;
  contactEndpoint?: string;
  releases: Release[];
  pinned: { releaseId: string; at: string } | null;
}

const releasePath = (slug: string, id: string) => `${path(slug)}/releases/${encodeURIComponent(id)}`;

export const cityReleases = (slug: string) => getJson<CityReleases>(`${path(slug)}/releases`);
/** Makes one of the city's releases live (back or forward); an older one pins the city. */
export const makeLive = (slug: string, release: string) => call<{ message: string; pinned: boolean }>('POST', `${releasePath(slug, release)}/live`);
/** Takes the city's site offline; the path names the live release the page showed. */
export const takeOffline = (slug: string, liveRelease: string) => call<{ offline: boolean }>('DELETE', releasePath(slug, liveRelease));
export const unpinCity = (slug: string) => call<{ pinned: false }>('DELETE', `${path(slug)}/pin`);
