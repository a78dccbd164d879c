import { randomBytes } from 'node:crypto';
import type { SiteBytes } from '../bundle/files.js';

/**
 * What a release store is, whichever keeps the releases: the disk (release-store.ts, one server)
 * or PostgreSQL (pg-release-store.ts, a group of servers). Both pass the same contract tests
 * (release-store.contract.test.ts) and make release ids and metadata here.
 */

export interface ReleaseMeta {
  id: string;
  createdAt: string;
  domainName?: string;
  businessName?: string;
  city?: string;
  /** The clinic config the site was made from, as the admin sent it: the contact API renders this city's page after a failed form post (decision 010). */
  config?: unknown;
  /** The stored city it was built from (docs/decisions/012-stored-cities.md), when it was one. */
  citySlug?: string;
  /** The version of that city's stored config it was built from. */
  configVersion?: number;
  /**
   * What else the release was built from, as its deployer records it (redeploy-all skips a site
   * whose inputs are all unchanged): the clinic-gen code, the special hours shown, and for the
   * brand site its settings and each listed city's version. Opaque to the stores.
   */
  built?: BuiltFrom;
  /** Who deployed it, as the audit trail labels them (issue 39 item 5); absent for releases from before it was recorded. */
  deployedBy?: string;
}

/** The inputs of a release besides its files (ReleaseMeta.built). */
export interface BuiltFrom {
  /** clinic-gen's code id (site/site-inputs.ts codeId). */
  code: string;
  /** The build's year, which the sites' footers show (config/time-zone.ts buildYear); absent in a release of an older clinic-gen. */
  year?: number;
  /** The server origin the sites' contact forms post to when their config names none (DeployPlace.serverOrigin). */
  origin?: string;
  /** A city's canonical address on the brand site, when its links named it (issue 24). */
  canonical?: string;
  /** Per stored city (slug): the config version and which of its special-hours change days had come (datedPart; null without special hours). */
  cities: Record<string, { version: number; dated: number | null }>;
  /** The brand site's: the digest of the brand settings it was built from. */
  brand?: string;
}

/** One release of a site as the deployments list shows it (GET /api/deployments `releases`). */
export interface ReleaseSummary extends Pick<ReleaseMeta, 'id' | 'createdAt' | 'citySlug' | 'configVersion' | 'deployedBy'> {
  live: boolean;
}

/** What a deploy is given: the files and the release's metadata but for what the store makes (id, time). */
export interface DeployInput extends Omit<ReleaseMeta, 'id' | 'createdAt'> {
  files: SiteBytes;
}

/** A release id as both stores make them (newRelease). */
export const RELEASE_ID = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export type DeployResult = { ok: true; release: ReleaseMeta } | { ok: false; error: string; domainOwner?: string };
export type RollbackResult = { ok: true; release: ReleaseMeta } | { ok: false; status: 404 | 409; error: string };

/**
 * The deployed sites as the routes see them; expected failures come back as `{ ok: false }`. Two
 * implementations pass the same contract tests (release-store.contract.test.ts): this folder on
 * disk (one server, the default) and PostgreSQL (releases/pg-store.ts: any number of servers, each
 * serving the live files from memory). No route knows which one it talks to.
 */
export interface ReleaseStore {
  /** The live release id of a site, or undefined (no site, or not deployed yet). */
  currentId(site: string): Promise<string | undefined>;
  /** The ids of a site's releases, oldest first (ids sort in deploy order). */
  releaseIds(site: string): Promise<string[]>;
  /** A release's metadata (only the id and a time from the id when its metadata is unreadable). */
  meta(site: string, id: string): Promise<ReleaseMeta>;
  /** Every release of a site, newest first, with the stored config version each was built from. */
  history(site: string): Promise<ReleaseSummary[]>;
  /** Writes a new release of `site` and makes it live, unless another live site has its domain (`domainOwner`). */
  deploy(site: string, input: DeployInput): Promise<DeployResult>;
  /** Makes an earlier release live again: `to`, or the newest one older than the live one. */
  rollback(site: string, to?: string): Promise<RollbackResult>;
  /** Takes a site offline and deletes it with its releases; false when there was no such site. */
  remove(site: string): Promise<boolean>;
  /** Live sites with their live release, by site name. */
  list(): Promise<{ siteName: string; release: ReleaseMeta }[]>;
  /** A file of a site's live release: one answer comes from one release. */
  readLive(site: string, name: string): Promise<Uint8Array | undefined>;
  /** Every file of one release (not its metadata), for its zip; undefined for no such release. */
  releaseFiles(site: string, id: string): Promise<SiteBytes | undefined>;
}

/**
 * The metadata of a new release of a site whose newest release is `newest`. Ids sort in deploy
 * order (rollback and pruning rely on it), even for two deploys within a millisecond or a clock
 * that stepped back: never earlier than the newest release. Both stores make them here.
 */
export function newRelease(input: DeployInput, newest: string | undefined, now: Date): ReleaseMeta {
  const at = new Date(Math.max(now.getTime(), newest ? Date.parse(releaseTime(newest)) + 1 : 0));
  return {
    id: `${at.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`,
    createdAt: at.toISOString(),
    domainName: input.domainName,
    businessName: input.businessName,
    city: input.city,
    config: input.config,
    citySlug: input.citySlug,
    configVersion: input.configVersion,
    ...(input.built ? { built: input.built } : {}),
    ...(input.deployedBy ? { deployedBy: input.deployedBy } : {}),
  };
}

/** `20241121T235501123Z-...` -> ISO time, for a release whose metadata file is unreadable. */
export function releaseTime(id: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : new Date(0).toISOString();
}
